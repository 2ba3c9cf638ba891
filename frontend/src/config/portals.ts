import type { Portal, SessionUser } from "../types/session";

/** Where each portal starts; also the "home" of its logo and of a wrong-portal redirect. */
export const PORTAL_HOME: Record<Portal, string> = {
  staff: "/",
  vendors: "/vendors/dashboard",
  tenants: "/tenants/dashboard",
};

export const PORTAL_PREFIX: Record<Portal, string> = { staff: "", vendors: "/vendors", tenants: "/tenants" };

export const profilePath = (portal: Portal) => `${PORTAL_PREFIX[portal]}/profile`;

/** Paths that belong to no portal: public pages, terms and the not-found page. */
// The modules' public pages (a signing link, a verify page: ClientModule.publicPages) are under /sign and /verify.
const NEUTRAL = [/^\/pub(\/|$)/, /^\/404$/, /^\/terms-of-use$/, /^\/(vendors|tenants)\/(terms-of-use|privacy-policy)$/, /^\/(sign|verify)\//];

/** The portal (area) a path belongs to, or null for a public page. */
export function portalOfPath(path: string): Portal | null {
  const pathname = path.split(/[?#]/)[0];
  if (NEUTRAL.some((re) => re.test(pathname))) return null;
  if (/^\/vendors(\/|$)/.test(pathname)) return "vendors";
  if (/^\/tenants(\/|$)/.test(pathname)) return "tenants";
  return "staff";
}

/** The server says which portal a user belongs to; user types are the fallback (4xx vendor, 6xx tenant). */
export function portalOf(user: Pick<SessionUser, "portal" | "userType"> | null | undefined): Portal {
  if (user?.portal) return user.portal;
  const type = user?.userType ?? 0;
  if (type >= 400 && type < 500) return "vendors";
  if (type >= 600 && type < 700) return "tenants";
  return "staff";
}

/**
 * After sign-in the redirect is honoured only inside the user's own area (spec section 2);
 * anything else, and anything not a same-site path, lands on the user's dashboard.
 */
export function postLoginPath(user: SessionUser, redirect?: string | null): string {
  const portal = portalOf(user);
  const safe = redirect && redirect.startsWith("/") && !redirect.startsWith("//") ? redirect : null;
  if (safe && portalOfPath(safe) === portal) return safe;
  return PORTAL_HOME[portal];
}
