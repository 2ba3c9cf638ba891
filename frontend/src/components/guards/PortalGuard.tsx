import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../../providers/session";
import { PORTAL_HOME, portalOf } from "../../config/portals";
import type { Portal } from "../../types/session";

/** Signed-in users only, and only in their own portal; anyone else is sent where they belong. */
export function PortalGuard({ portal, children }: { portal: Portal; children: ReactNode }) {
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const location = useLocation();
  if (!token || !user) {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={`/pub/login?redirect=${encodeURIComponent(here)}`} replace />;
  }
  const own = portalOf(user);
  if (own !== portal) return <Navigate to={PORTAL_HOME[own]} replace />;
  return <>{children}</>;
}
