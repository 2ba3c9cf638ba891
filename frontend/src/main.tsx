// Must come first: lets antd 5 render with React 19.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./providers/i18n";
import { session } from "./providers/session";
import { portalOfPath } from "./config/portals";
import { preloadDashboard } from "./config/dashboard";
import App from "./App";
import { keepSelectAriaRequiredOnInput } from "./config/selectAria";

keepSelectAriaRequiredOnInput(document.body);

// A signed-in first load of a portal page asks for the portal's code and the page's own (the
// dashboard at once, a resource's screen as soon as the portal's code knows it) while the
// catalogues load, rather than each only when the one above it has rendered.
const { pathname } = window.location;
const portal = session.get().token ? portalOfPath(pathname) : null;
if (portal) {
  const home = preloadDashboard(pathname);
  void import("./PortalApp").then((app) => (home ? undefined : app.preloadResourceScreen(portal, pathname))).catch(() => undefined);
}

// The chosen language's catalogues arrive before the first render, so no screen shows bare keys
// (a portal's page: the modules' too).
void initI18n({ withModules: portal !== null }).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
