import { api } from "./api";
import { unpage, type Paged } from "./data-provider";
import { session } from "./session";
import { translate } from "./i18n";
import type { AuthPayload, Region, SessionUser } from "../types/session";

/** Public list of regions with their feature switches (no token needed). */
export async function loadRegions(): Promise<Region[]> {
  const regions = unpage(await api<Paged<Region> | Region[]>("/v1/regions", { region: null, authFlow: true, query: { $limit: 100 } })).data;
  session.set({ regions });
  return regions;
}

/** Regions the user may switch to: authorised for the user and enabled. */
export function selectableRegions(user: SessionUser | null, regions: Region[]): Region[] {
  if (!user) return [];
  return regions.filter((region) => region.enabled && user.regions?.includes(region.code));
}

/**
 * Region names come from the server in one language; the known codes have translated names so a
 * zh-CN screen shows no English. Unknown codes fall back to the server's name.
 */
export function regionLabel(region: Pick<Region, "code" | "name"> | undefined | null): string {
  if (!region) return "";
  return translate(`regions.names.${region.code}`, {}, region.name || region.code);
}

export const regionCode = (region: AuthPayload["region"]): string | null => (!region ? null : typeof region === "string" ? region.toUpperCase() : region.code);

/** The region left by the last switch and the page it was made on (FeatureGuard: a page off in the new region). */
let lastSwitch: { from: string | null; path: string } | null = null;

/**
 * The region the user switched away from while on `path`, if this page is where the switch was
 * made: a feature off in the new region then leads to its dashboard, not to the bare 404 a typed
 * address of a switched-off feature gets (issue 27, item 17).
 */
export function regionLeftOn(path: string): string | null {
  return lastSwitch && lastSwitch.path === path ? lastSwitch.from : null;
}

/**
 * Rules differ per region, so a switch re-reads the profile in the new region before anything
 * else uses it, then remembers the choice as the user's default (best effort).
 */
export async function switchRegion(code: string): Promise<void> {
  const profile = await api<AuthPayload>("profile", { region: code });
  lastSwitch = { from: session.get().region, path: window.location.pathname };
  session.set({ region: regionCode(profile.region) ?? code, user: profile.user, rules: profile.rules ?? [] });
  await api("profile/me", { method: "PATCH", body: { defaultRegion: code }, action: "profile.update" });
}
