import { session } from "./session";
import { requestSent } from "./live-since";

/** Request and file-transfer timeout from the spec (section 9). */
export const REQUEST_TIMEOUT_MS = 300_000;

/** A failed API call: HTTP status plus the server's machine code (`data.code`). */
export class ApiError extends Error {
  readonly status: number;
  /** Refine reads `statusCode` from errors it receives. */
  readonly statusCode: number;
  readonly code?: string;
  readonly data?: Record<string, unknown>;
  /** The server's own (already localised) text, kept when `message` is replaced by the catalogue text. */
  serverMessage?: string;

  constructor(status: number, message: string, code?: string, data?: Record<string, unknown>) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.statusCode = status;
    this.code = code;
    this.data = data;
    this.serverMessage = message;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type Query = Record<string, unknown>;

/** Feathers/qs style: `a[b][$in][]=x`, `$sort[name]=1`. Undefined values are left out. */
export function toQueryString(query: Query | undefined): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      // Objects in arrays ($or clauses) need indices; scalars use `[]` as the contract shows.
      value.forEach((item, index) => (item !== null && typeof item === "object" ? add(`${key}[${index}]`, item) : add(`${key}[]`, item)));
    } else if (value !== null && typeof value === "object" && !(value instanceof Date)) {
      Object.entries(value as Query).forEach(([child, childValue]) => add(`${key}[${child}]`, childValue));
    } else {
      const text = value instanceof Date ? value.toISOString() : value === null ? "null" : String(value);
      parts.push(`${encodeURIComponent(key).replace(/%5B/g, "[").replace(/%5D/g, "]")}=${encodeURIComponent(text)}`);
    }
  };
  Object.entries(query ?? {}).forEach(([key, value]) => add(key, value));
  return parts.join("&");
}

/** `/hk/v1` for a chosen region, `/v1` before one is known (login, public pages). */
export function apiBase(region: string | null | undefined = session.get().region): string {
  return region ? `/${region.toLowerCase()}/v1` : "/v1";
}

/** Paths already naming `/v1` (with or without a region) or a full URL are used as given. */
export function apiUrl(path: string, query?: Query, region?: string | null): string {
  const absolute = /^https?:\/\//.test(path) || /^\/([a-z]+\/)?v1(\/|$)/.test(path);
  const url = absolute ? path : `${apiBase(region === undefined ? session.get().region : region)}/${path.replace(/^\//, "")}`;
  const qs = toQueryString(query);
  return qs ? `${url}${url.includes("?") ? "&" : "?"}${qs}` : url;
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  query?: Query;
  body?: unknown;
  /** Names the write for the audit log (X-CMS-Action), e.g. `buildings.update`. */
  action?: string;
  /** Override the session's region; `null` forces the un-prefixed `/v1`. */
  region?: string | null;
  /** Override the session's token (AD sign-in completes with a token not yet stored). */
  token?: string | null;
  headers?: Record<string, string>;
  /** Login, two-factor and public flows: a 401 there is an answer, not an expired session. */
  authFlow?: boolean;
  signal?: AbortSignal;
  /** Set on the one retry of a request that met 403 PERMISSION_UPDATED and renewed the session's rights. */
  renewed?: boolean;
}

const writeListeners = new Set<(action: string) => void>();
/** Hears each write that went through, by its action name (`projects.complete`, `buildings.update`). */
export function onWriteDone(listener: (action: string) => void) {
  writeListeners.add(listener);
}

/**
 * How the session takes rights an administrator changed (rights.ts registers it, as that module
 * calls this one: an import back would be a cycle the bundle may evaluate before this module is
 * ready). Until then a 403 PERMISSION_UPDATED falls back to the sign-in-again dialog.
 */
let renewRights: () => Promise<boolean> = async () => false;
export function setRightsRenewer(renew: () => Promise<boolean>) {
  renewRights = renew;
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);
/** The router registers its navigate so a 401 does not reload the whole app. */
export function setApiNavigator(fn: Navigate) {
  navigate = fn;
}

function currentPath() {
  return `${window.location.pathname}${window.location.search}`;
}

/** 401 outside the sign-in flows: the token is gone or expired, start again at the login page. */
export function redirectToLogin() {
  const path = currentPath();
  session.clear();
  if (window.location.pathname.startsWith("/pub/")) return;
  navigate(`/pub/login?redirect=${encodeURIComponent(path)}`);
}

function buildHeaders(options: ApiOptions, hasBody: boolean): Record<string, string> {
  const { language } = session.get();
  const token = options.token === undefined ? session.get().token : options.token;
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": language };
  if (hasBody) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.action) headers["X-CMS-Action"] = options.action;
  return { ...headers, ...options.headers };
}

/** Sends one request with timeout; returns the raw Response or throws ApiError. */
export async function apiFetch(path: string, options: ApiOptions = {}): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort("timeout"), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener("abort", () => controller.abort(options.signal?.reason));
  const hasBody = options.body !== undefined;
  // Uploads go as multipart: the browser writes the Content-Type with its boundary.
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  const answered = requestSent();
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query, options.region), {
      method: options.method ?? "GET",
      headers: buildHeaders(options, hasBody && !isForm),
      body: hasBody ? (isForm ? (options.body as FormData) : JSON.stringify(options.body)) : undefined,
      signal: controller.signal,
    });
  } catch (cause) {
    answered(null);
    // The spec shows the 408 message for a request that never got an answer in time.
    if (controller.signal.aborted && controller.signal.reason === "timeout") throw new ApiError(408, "Request timed out", "TIMEOUT");
    if (options.signal?.aborted) throw cause;
    throw new ApiError(503, cause instanceof Error ? cause.message : "Network error", "NETWORK_ERROR");
  } finally {
    clearTimeout(timer);
  }
  answered(response.headers.get("X-Served-At"));
  if (!response.ok) {
    const error = await toApiError(response, options);
    // An administrator changed this user's rights: take them into the session and ask again, once.
    if (error.status === 403 && error.code === "PERMISSION_UPDATED") {
      if (options.token === undefined && !options.renewed && (await renewRights())) return apiFetch(path, { ...options, renewed: true });
      session.set({ permissionUpdated: true });
    }
    throw error;
  }
  if (options.action) {
    const action = options.action;
    writeListeners.forEach((listener) => listener(action));
  }
  return response;
}

async function toApiError(response: Response, options: ApiOptions): Promise<ApiError> {
  let body: { message?: string; code?: number; data?: Record<string, unknown> } = {};
  try {
    body = await response.json();
  } catch {
    // Proxies and crashed servers answer HTML; the status alone still maps to a message.
  }
  const code = typeof body.data?.code === "string" ? body.data.code : undefined;
  const error = new ApiError(response.status, body.message || response.statusText, code, body.data);
  if (response.status === 401 && !options.authFlow) redirectToLogin();
  return error;
}

/** JSON call: the parsed body, or undefined for an empty answer. */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Downloads an attachment (exports, files) and hands it to the browser as a file. */
export async function downloadFile(path: string, options: ApiOptions = {}, fallbackName = "download"): Promise<void> {
  await saveDownload(await apiFetch(path, { ...options, headers: { Accept: "*/*", ...options.headers } }), fallbackName);
}

/** Hands an attachment answer to the browser as a file, named as the server names it. */
export async function saveDownload(response: Response, fallbackName = "download"): Promise<void> {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const name = match ? decodeURIComponent(match[1] ?? match[2]) : fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
