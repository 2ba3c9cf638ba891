import type { AuthProvider } from "@refinedev/core";
import { api, isApiError } from "./api";
import { session } from "./session";
import { changeLanguage, translate } from "./i18n";
import { catalogueMessage, notifyWarning } from "./notifications";
import { loadRegions, regionCode } from "./regions";
import { postLoginPath } from "../config/portals";
import type { AuthPayload, Language, Region } from "../types/session";

export type LoginParams = {
  redirect?: string | null;
  /** Region to start in (login page `?region=`); the server falls back to the user's default. */
  region?: string | null;
} & (
  | { strategy?: "local"; username: string; password: string }
  | { strategy: "two-factor"; challengeId: string; code: string }
  | { strategy: "ad-mock"; username: string }
  /** AD sign-in comes back with a token only; the profile supplies user and rules. */
  | { strategy: "token"; accessToken: string }
);

/** A sign-in waiting for a second step (two-factor code or an expired password). */
export interface PendingSignIn {
  kind: "two-factor" | "password-expired";
  username?: string;
  challengeId?: string;
  /** When the last code was sent, and how long the server wants before a resend (default 60 s). */
  sentAt?: number;
  resendAfterS?: number;
  /** Masked address the code went to (`a***@example.com`), shown on the code page. */
  email?: string;
  redirect?: string | null;
}

const PENDING_KEY = "estate-portal.pending-sign-in";
export const pendingSignIn = {
  get(): PendingSignIn | null {
    try {
      return JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? "null") as PendingSignIn | null;
    } catch {
      return null;
    }
  },
  set: (value: PendingSignIn) => sessionStorage.setItem(PENDING_KEY, JSON.stringify(value)),
  clear: () => sessionStorage.removeItem(PENDING_KEY),
};

const withRedirect = (path: string, redirect?: string | null) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path);

/** Stores the session from a login or profile answer and works out where to go next. */
async function completeSignIn(payload: AuthPayload, token: string, redirect?: string | null): Promise<string> {
  const region = regionCode(payload.region) ?? payload.user.defaultRegion ?? payload.user.regions?.[0] ?? null;
  let regions = session.get().regions;
  if (payload.region && typeof payload.region === "object") {
    const fresh = payload.region as Region;
    regions = [...regions.filter((r) => r.code !== fresh.code), fresh];
  }
  session.set({ token, user: payload.user, rules: payload.rules ?? [], region, regions, permissionUpdated: false });
  pendingSignIn.clear();
  if (payload.user.language) await changeLanguage(payload.user.language as Language);
  loadRegions().catch(() => undefined); // refresh feature switches; the stored list is good enough meanwhile
  const days = payload.user.passwordWarningDays;
  if (typeof days === "number" && days >= 0) {
    notifyWarning(translate("auth.passwordWarning.title"), translate("auth.passwordWarning.message", { count: days }));
  }
  return postLoginPath(payload.user, redirect);
}

function signInRequest(params: LoginParams): Promise<AuthPayload> {
  if (params.strategy === "token") {
    return api<AuthPayload>("/v1/profile", { token: params.accessToken, authFlow: true });
  }
  const { redirect: _redirect, region, ...body } = params;
  return api<AuthPayload>("/v1/authentication", {
    method: "POST",
    body: { strategy: "local", ...body },
    authFlow: true,
    action: "authentication.create",
    headers: region ? { "X-Region": region.toUpperCase() } : undefined,
  });
}

/** Catalogue operation per sign-in step (errors.json: login, authenticationCode, adLogin). */
const OPERATION: Record<string, string> = { "two-factor": "authenticationCode", token: "adLogin", "ad-mock": "login", local: "login" };

export const authProvider: AuthProvider = {
  login: async (params: LoginParams) => {
    try {
      const payload = await signInRequest(params);
      const token = params.strategy === "token" ? params.accessToken : payload.accessToken;
      if (!token) throw new Error("No access token in the sign-in answer");
      return { success: true, redirectTo: await completeSignIn(payload, token, params.redirect) };
    } catch (error) {
      const username = "username" in params ? params.username : undefined;
      // The two follow-up steps are not failures: "success" lets Refine navigate to them.
      if (isApiError(error) && error.code === "TWO_FACTOR_REQUIRED") {
        const data = error.data ?? {};
        pendingSignIn.set({
          kind: "two-factor",
          challengeId: String(data.challengeId ?? ""),
          username,
          sentAt: Date.now(),
          resendAfterS: typeof data.resendInSeconds === "number" ? data.resendInSeconds : undefined,
          email: typeof data.email === "string" ? data.email : undefined,
          redirect: params.redirect,
        });
        return { success: true, redirectTo: withRedirect("/pub/authentication-code", params.redirect) };
      }
      if (isApiError(error) && error.code === "PASSWORD_EXPIRED") {
        pendingSignIn.set({ kind: "password-expired", username, redirect: params.redirect });
        return { success: true, redirectTo: withRedirect("/pub/change-password", params.redirect) };
      }
      const operation = OPERATION[params.strategy ?? "local"];
      return {
        success: false,
        error: {
          name: translate("auth.login.failed"),
          message: catalogueMessage(operation, error),
          statusCode: isApiError(error) ? error.status : 500,
        },
      };
    }
  },

  logout: async (params?: { redirect?: string }) => {
    const { token } = session.get();
    if (token) {
      // Any id works; the server revokes the bearer's token. A failure must not keep the user in.
      await api(`/v1/authentication/${encodeURIComponent(token)}`, { method: "DELETE", authFlow: true, action: "authentication.remove" }).catch((error) =>
        console.warn("Logout request failed", error),
      );
    }
    session.clear();
    pendingSignIn.clear();
    return { success: true, redirectTo: withRedirect("/pub/login", params?.redirect) };
  },

  check: async () => {
    if (session.isSignedIn()) return { authenticated: true };
    const here = `${window.location.pathname}${window.location.search}`;
    return { authenticated: false, redirectTo: withRedirect("/pub/login", here), logout: true };
  },

  // api.ts already handles 401 (back to login) and 403 PERMISSION_UPDATED (re-login dialog) for
  // every call, so Refine's hook has nothing left to decide.
  onError: async () => ({}),

  getIdentity: async () => {
    const { user } = session.get();
    return user ? { ...user, name: user.displayName || user.username } : null;
  },

  getPermissions: async () => session.get().rules,
};
