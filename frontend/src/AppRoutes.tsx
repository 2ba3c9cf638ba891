import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import { lazyNamed } from "./config/lazy";
import { LoginPage } from "./pages/auth/login";
import { loadModuleCatalogues } from "./providers/i18n";
import { fromClientModules } from "./providers/modules";

// The login page is the first screen of most visits and comes with the shell; every other page
// is a chunk of its own, the portals (with Refine) one more: PortalApp.tsx.
const AuthenticationCodePage = lazyNamed(() => import("./pages/auth/authentication-code"), "AuthenticationCodePage");
const ForgotPasswordPage = lazyNamed(() => import("./pages/auth/forgot"), "ForgotPasswordPage");
const ResetPasswordPage = lazyNamed(() => import("./pages/auth/resetpwd"), "ResetPasswordPage");
const UnlockPage = lazyNamed(() => import("./pages/auth/unlock"), "UnlockPage");
const ConfirmUnlockPage = lazyNamed(() => import("./pages/auth/confirm-unlock"), "ConfirmUnlockPage");
const AdLoginPage = lazyNamed(() => import("./pages/auth/ad-login"), "AdLoginPage");
const ChangeExpiredPasswordPage = lazyNamed(() => import("./pages/auth/change-password"), "ChangeExpiredPasswordPage");
const NotFoundPage = lazyNamed(() => import("./pages/public/not-found"), "NotFoundPage");
const LegalPage = lazyNamed(() => import("./pages/public/legal"), "LegalPage");
// A portal's screens speak the modules' texts too: their catalogues arrive with the portal's code.
const PortalApp = lazyNamed(() => Promise.all([import("./PortalApp"), loadModuleCatalogues()]).then(([portalApp]) => portalApp), "PortalApp");

// The modules' pages without an account (a signing link, a verify page): their code and the modules' texts on first visit.
const publicPages = fromClientModules((modules) =>
  modules
    .flatMap((module) => module.publicPages ?? [])
    .map(({ path, load }) => ({ path, Page: lazy(() => Promise.all([load(), loadModuleCatalogues()]).then(([Page]) => ({ default: Page }))) })),
);

/** Nothing is drawn while a page's code arrives (a few ms): nothing then moves when it does. */
const page = (element: ReactNode) => <Suspense fallback={null}>{element}</Suspense>;

/**
 * Public pages under /pub, the modules' public pages, legal pages and /404 without a frame; every other path belongs to one
 * of the three portals (PortalRoutes.tsx).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/pub">
        <Route index element={<Navigate to="/pub/login" replace />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="authentication-code" element={page(<AuthenticationCodePage />)} />
        <Route path="forgot" element={page(<ForgotPasswordPage />)} />
        <Route path="resetpwd" element={page(<ResetPasswordPage />)} />
        <Route path="reset" element={page(<ResetPasswordPage />)} />
        <Route path="unlock" element={page(<UnlockPage />)} />
        <Route path="confirm-unlock" element={page(<ConfirmUnlockPage />)} />
        <Route path="ad-login" element={page(<AdLoginPage />)} />
        <Route path="change-password" element={page(<ChangeExpiredPasswordPage />)} />
      </Route>
      <Route path="/login" element={<Navigate to="/pub/login" replace />} />
      <Route path="/404" element={page(<NotFoundPage />)} />
      <Route path="/terms-of-use" element={page(<LegalPage portal="staff" document="termsOfUse" />)} />
      <Route path="/vendors/terms-of-use" element={page(<LegalPage portal="vendors" document="termsOfUse" />)} />
      <Route path="/tenants/terms-of-use" element={page(<LegalPage portal="tenants" document="termsOfUse" />)} />
      <Route path="/tenants/privacy-policy" element={page(<LegalPage portal="tenants" document="privacyPolicy" />)} />
      {publicPages().map(({ path, Page }) => (
        <Route key={path} path={path} element={page(<Page />)} />
      ))}
      <Route path="*" element={page(<PortalApp />)} />
    </Routes>
  );
}
