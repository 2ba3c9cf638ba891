import { useSyncExternalStore } from "react";
import type { AbilityRule, Language, Region, SessionUser } from "../types/session";

/**
 * The one client-side store of who is signed in, where (region) and in which language.
 * Persisted to localStorage so a reload keeps the session; everything else (lists, records)
 * lives in Refine's query cache.
 */
export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  rules: AbilityRule[];
  /** Upper-case region code (HK, SG, ...); the API path prefix is its lower-case form. */
  region: string | null;
  /** Regions as last read from GET /v1/regions (public), used for switcher and feature checks. */
  regions: Region[];
  language: Language;
  /** Set when the server says permissions changed (403 PERMISSION_UPDATED); not persisted. */
  permissionUpdated: boolean;
}

const STORAGE_KEY = "estate-portal.session";
const PERSISTED: (keyof SessionState)[] = ["token", "user", "rules", "region", "regions", "language"];

function browserLanguage(): Language {
  return typeof navigator !== "undefined" && navigator.language?.toLowerCase().startsWith("zh") ? "zh-CN" : "en-US";
}

const empty = (): SessionState => ({
  token: null,
  user: null,
  rules: [],
  region: null,
  regions: [],
  language: browserLanguage(),
  permissionUpdated: false,
});

function load(): SessionState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw) return { ...empty(), ...(JSON.parse(raw) as Partial<SessionState>), permissionUpdated: false };
  } catch {
    // A corrupt entry must not block the app; start signed out.
  }
  return empty();
}

let state: SessionState = load();
const listeners = new Set<() => void>();

function persist() {
  const saved = Object.fromEntries(PERSISTED.map((key) => [key, state[key]]));
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works.
  }
}

export const session = {
  get: (): SessionState => state,
  set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    persist();
    listeners.forEach((listener) => listener());
  },
  /** Sign-out: forget the user but keep what is not personal (language, region list). */
  clear() {
    session.set({ token: null, user: null, rules: [], region: null, permissionUpdated: false });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isSignedIn: (): boolean => Boolean(state.token && state.user),
  currentRegion: (): Region | undefined => state.regions.find((r) => r.code === state.region),
};

/** React binding: re-renders when the selected slice changes (compare by Object.is). */
export function useSession<T>(select: (s: SessionState) => T): T {
  return useSyncExternalStore(session.subscribe, () => select(state));
}

// Another tab signing out or switching region must be reflected here too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== STORAGE_KEY) return;
    state = { ...load(), permissionUpdated: state.permissionUpdated };
    listeners.forEach((listener) => listener());
  });
}
