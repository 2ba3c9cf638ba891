import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { ConfigProvider, theme } from "antd";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { antdLocale } from "./providers/i18n";
import { theme as appTheme } from "./config/theme";
import { useSession } from "./providers/session";
import { ShellBridges } from "./components/SessionBridges";
import { modules } from "./modules";
import { installClientModules } from "./providers/modules";
import { sharedModules } from "../../backend/src/modules/index.shared";
import { installModules } from "../../backend/src/modules/registry.shared";

// The browser's composition root: the module lists enter here, before main.tsx starts i18n and
// renders, and the shell reads them from providers/modules.ts and, for the backend's shared halves
// (the permission catalogue, upload places), from its modules/registry.shared.ts; never by import.
// Installed later, with the portal's code (PortalRoutes.tsx), the shared halves left the security
// group editor seconds late in the browser test while another session's dashboard loaded.
installClientModules(modules);
installModules(sharedModules);

/**
 * The shell every page shares: router, antd theme and locale. Public pages render in it as they
 * are; the portals bring Refine (data, live updates, access control) in their own chunk
 * (PortalApp.tsx), so the login page loads none of it.
 */
/** The text style antd's <App> gives its descendants (`.ant-app`), for plain text on public pages. */
function TextBase({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="ant-app" style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
const watchReducedMotion = (changed: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
};

/**
 * Whether the user asked their system for less motion (WCAG 2.3.3): dialogs, menus and option
 * lists then appear at once, without Ant's zoom and slide animations. The browser tests ask for it
 * too, so a click never lands on a list still sliding into place.
 */
function usePrefersReducedMotion() {
  return useSyncExternalStore(watchReducedMotion, () => window.matchMedia(reducedMotionQuery).matches);
}

export default function App() {
  // Re-render the tree (antd locale, translated labels) when the language changes.
  const language = useSession((s) => s.language);
  const reducedMotion = usePrefersReducedMotion();
  const themeConfig = useMemo(() => ({ ...appTheme, token: { ...appTheme.token, motion: !reducedMotion } }), [reducedMotion]);
  const locale = antdLocale(language);
  // antd's static dialogs and toasts (Modal.confirm, notification) render outside this tree: they
  // take the same theme, motion and locale from here, or a confirm would zoom in, in antd's own
  // colours (its danger button at 3.2:1), while everything else stands still.
  useEffect(() => {
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider locale={locale} theme={themeConfig}>
          {children}
        </ConfigProvider>
      ),
    });
  }, [locale, themeConfig]);
  return (
    <BrowserRouter>
      <ConfigProvider locale={locale} theme={themeConfig}>
        <TextBase>
          <AppRoutes />
          <ShellBridges />
        </TextBase>
      </ConfigProvider>
    </BrowserRouter>
  );
}
