// Must come first: lets antd 5 render with React 19.
import "@ant-design/v5-patch-for-react-19";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./providers/i18n";
import { session } from "./providers/session";
import { portalOfPath } from "./config/portals";
import App from "./App";

// A signed-in first load of a portal page asks for the portal's code and then the page's own while
// the catalogues load, rather than each only when the one above it has rendered (PortalRoutes.tsx).
const { pathname } = window.location;
if (session.get().token && portalOfPath(pathname)) void import("./PortalApp").then((portal) => portal.preloadPortalPage(pathname)).catch(() => undefined);

// The chosen language's catalogues arrive before the first render, so no screen shows bare keys.
void initI18n().then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
