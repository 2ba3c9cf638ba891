import type { ReactNode } from "react";
import { ConfigProvider, theme } from "antd";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { antdLocale } from "./providers/i18n";
import { theme as appTheme } from "./config/theme";
import { useSession } from "./providers/session";
import { ShellBridges } from "./components/SessionBridges";

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

export default function App() {
  // Re-render the tree (antd locale, translated labels) when the language changes.
  const language = useSession((s) => s.language);
  return (
    <BrowserRouter>
      <ConfigProvider locale={antdLocale(language)} theme={appTheme}>
        <TextBase>
          <AppRoutes />
          <ShellBridges />
        </TextBase>
      </ConfigProvider>
    </BrowserRouter>
  );
}
