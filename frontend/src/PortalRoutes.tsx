import { Navigate, Route, Routes } from "react-router";
import { PortalGuard } from "./components/guards/PortalGuard";
import { PortalLayout } from "./components/layout/PortalLayout";
import { lazyNamed, preloadComponent } from "./config/lazy";
import { preloadResourceScreen, resourceRoutes } from "./config/resource-routes";
import { PORTAL_HOME, PORTAL_PREFIX, portalOfPath } from "./config/portals";
import { modules } from "./modules";
import { session } from "./providers/session";
import type { Portal } from "./types/session";

const Dashboard = lazyNamed(() => import("./pages/dashboard"), "Dashboard");
const ProfilePage = lazyNamed(() => import("./pages/profile"), "ProfilePage");

const portalFrame = (portal: Portal) => (
  <PortalGuard portal={portal}>
    <PortalLayout portal={portal} />
  </PortalGuard>
);

/** The screens modules add to a portal beyond their resources' list/create/edit/show. */
const moduleRoutes = (portal: Portal) => modules.flatMap((module) => module.routes?.[portal] ?? []);

/**
 * Starts fetching the code of the page at `pathname` (main.tsx calls it as the portal's code
 * arrives, on a signed-in first load), so the page's chunk and its dashboard boxes load beside the
 * catalogues and the portal's own rendering instead of after it: one round of requests less
 * before the page shows.
 */
export function preloadPortalPage(pathname: string): void {
  const portal = portalOfPath(pathname);
  if (!portal) return;
  const path = pathname.replace(/(.)\/+$/, "$1");
  if (path === PORTAL_HOME[portal] || path === (PORTAL_PREFIX[portal] || "/")) {
    preloadComponent(Dashboard);
    // The boxes of the modules the region switches on (pages/dashboard filters by permission too).
    const { region, regions } = session.get();
    const features = regions.find((r) => r.code === region)?.features ?? [];
    for (const module of modules.filter((m) => features.includes(m.feature))) {
      for (const panel of module.dashboard?.[portal] ?? []) preloadComponent(panel.Panel);
    }
  } else {
    preloadResourceScreen(portal, path);
  }
}

/**
 * The three portals: staff at /, vendors at /vendors, tenants at /tenants. Resource screens come
 * from resources.tsx, other module screens from the modules' manifests. Every page is its own
 * chunk; the portal layout shows a skeleton while one loads (PortalLayout.tsx).
 */
export function PortalRoutes() {
  return (
    <Routes>
      <Route element={portalFrame("staff")}>
        <Route index element={<Dashboard portal="staff" />} />
        <Route path="/home" element={<Navigate to="/" replace />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/settings" element={<Navigate to="/" replace />} />
        {resourceRoutes("staff")}
        {moduleRoutes("staff")}
      </Route>

      <Route path="/vendors" element={portalFrame("vendors")}>
        <Route index element={<Navigate to="/vendors/dashboard" replace />} />
        <Route path="dashboard" element={<Dashboard portal="vendors" />} />
        <Route path="profile" element={<ProfilePage />} />
        {resourceRoutes("vendors")}
        {moduleRoutes("vendors")}
      </Route>

      <Route path="/tenants" element={portalFrame("tenants")}>
        <Route index element={<Navigate to="/tenants/dashboard" replace />} />
        <Route path="dashboard" element={<Dashboard portal="tenants" />} />
        <Route path="profile" element={<ProfilePage />} />
        {resourceRoutes("tenants")}
        {moduleRoutes("tenants")}
      </Route>

      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
