import { Navigate, Route, Routes } from "react-router";
import { PortalGuard } from "./components/guards/PortalGuard";
import { PortalLayout } from "./components/layout/PortalLayout";
import { lazyNamed } from "./config/lazy";
import { Dashboard } from "./config/dashboard";
import { resourceRoutes } from "./config/resource-routes";
import { modules } from "./modules";
import type { Portal } from "./types/session";

const ProfilePage = lazyNamed(() => import("./pages/profile"), "ProfilePage");
const TenancyAccounts = lazyNamed(() => import("./pages/users/tenancy-accounts"), "TenancyAccounts");

const portalFrame = (portal: Portal) => (
  <PortalGuard portal={portal}>
    <PortalLayout portal={portal} />
  </PortalGuard>
);

/** The screens modules add to a portal beyond their resources' list/create/edit/show. */
const moduleRoutes = (portal: Portal) => modules.flatMap((module) => module.routes?.[portal] ?? []);

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
        <Route path="/settings/users/tenancies/:id" element={<TenancyAccounts />} />
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
