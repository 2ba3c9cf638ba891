import { lazyNamed, preloadComponent } from "./lazy";
import { PORTAL_HOME, PORTAL_PREFIX, portalOfPath } from "./portals";
import { clientModules } from "../providers/modules";
import { session } from "../providers/session";

/** Each portal's landing page (pages/dashboard), a chunk of its own. */
export const Dashboard = lazyNamed(() => import("../pages/dashboard"), "Dashboard");

/**
 * On a portal's home (`/`, `/vendors`, `/vendors/dashboard`, ...) starts fetching the dashboard's
 * code and its boxes' (those of the modules the region switches on; the page filters them by
 * permission too) and says so. main.tsx calls it at start, so they load beside the portal's code
 * and the catalogues instead of one after the other as each renders.
 */
export function preloadDashboard(pathname: string): boolean {
  const portal = portalOfPath(pathname);
  const path = pathname.replace(/(.)\/+$/, "$1");
  if (!portal || (path !== PORTAL_HOME[portal] && path !== (PORTAL_PREFIX[portal] || "/"))) return false;
  preloadComponent(Dashboard);
  const { region, regions } = session.get();
  const features = regions.find((r) => r.code === region)?.features ?? [];
  for (const module of clientModules().filter((m) => features.includes(m.feature))) {
    for (const panel of module.dashboard?.[portal] ?? []) preloadComponent(panel.Panel);
  }
  return true;
}
