import { Navigate, Route, Routes } from "react-router";
import { PortalGuard } from "./components/guards/PortalGuard";
import { PortalLayout } from "./components/layout/PortalLayout";
import { resourceRoutes } from "./config/resource-routes";
import { modules } from "./modules";
import { Dashboard } from "./pages/dashboard";
import { ProfilePage } from "./pages/profile";
import { LoginPage } from "./pages/auth/login";
import { AuthenticationCodePage } from "./pages/auth/authentication-code";
import { ForgotPasswordPage } from "./pages/auth/forgot";
import { ResetPasswordPage } from "./pages/auth/resetpwd";
import { UnlockPage } from "./pages/auth/unlock";
import { ConfirmUnlockPage } from "./pages/auth/confirm-unlock";
import { AdLoginPage } from "./pages/auth/ad-login";
import { ChangeExpiredPasswordPage } from "./pages/auth/change-password";
import { NotFoundPage } from "./pages/public/not-found";
import { LegalPage } from "./pages/public/legal";
import type { Portal } from "./types/session";

const portalFrame = (portal: Portal) => (
  <PortalGuard portal={portal}>
    <PortalLayout portal={portal} />
  </PortalGuard>
);

/** The screens modules add to a portal beyond their resources' list/create/edit/show. */
const moduleRoutes = (portal: Portal) => modules.flatMap((module) => module.routes?.[portal] ?? []);

/**
 * Public pages under /pub, legal pages and /404 without a frame, then the three portals:
 * staff at /, vendors at /vendors, tenants at /tenants. Resource screens come from resources.tsx,
 * other module screens from the modules' manifests.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/pub">
        <Route index element={<Navigate to="/pub/login" replace />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="authentication-code" element={<AuthenticationCodePage />} />
        <Route path="forgot" element={<ForgotPasswordPage />} />
        <Route path="resetpwd" element={<ResetPasswordPage />} />
        <Route path="reset" element={<ResetPasswordPage />} />
        <Route path="unlock" element={<UnlockPage />} />
        <Route path="confirm-unlock" element={<ConfirmUnlockPage />} />
        <Route path="ad-login" element={<AdLoginPage />} />
        <Route path="change-password" element={<ChangeExpiredPasswordPage />} />
      </Route>
      <Route path="/login" element={<Navigate to="/pub/login" replace />} />
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="/terms-of-use" element={<LegalPage portal="staff" document="termsOfUse" />} />
      <Route path="/vendors/terms-of-use" element={<LegalPage portal="vendors" document="termsOfUse" />} />
      <Route path="/tenants/terms-of-use" element={<LegalPage portal="tenants" document="termsOfUse" />} />
      <Route path="/tenants/privacy-policy" element={<LegalPage portal="tenants" document="privacyPolicy" />} />

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
