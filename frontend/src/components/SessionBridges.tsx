import { Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { setApiNavigator } from "../providers/api";
import { loadRegions } from "../providers/regions";
import { session, useSession } from "../providers/session";
import { translate } from "../providers/i18n";
import { portalOfPath } from "../config/portals";
import { lazyNamed } from "../config/lazy";
import { useAfterFirstPaint } from "./useAfterFirstPaint";

// antd's notifications load once the first screen has painted; a toast asked for meanwhile waits for them.
const NotificationHost = lazyNamed(() => import("./NotificationHost"), "NotificationHost");

/**
 * Connects the non-React modules to the running app, on every page (public ones too): api.ts
 * navigates with the router, notifications use antd's contextual API, the region list is fresh.
 */
export function ShellBridges() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const language = useSession((s) => s.language);
  const painted = useAfterFirstPaint();

  // replace: an expired session must not leave a back-button entry, nor ask about unsaved changes.
  useEffect(() => setApiNavigator((to) => navigate(to, { replace: true })), [navigate]);

  // Feature switches can change between visits; the stored list is used until this answers.
  useEffect(() => {
    loadRegions().catch((error) => console.warn("Could not load regions", error));
  }, []);

  // The path of the screen last drawn, on <html data-path>: a screen opened within the app is
  // drawn in a transition, the last one staying until then, and a browser test reading the screen
  // waits for its own path here first.
  useLayoutEffect(() => {
    document.documentElement.dataset.path = pathname;
  }, [pathname]);

  // Pages outside the portals carry the portal's name (Refine titles the portals' pages).
  useEffect(() => {
    if (portalOfPath(pathname) === null) document.title = translate("app.title");
  }, [pathname, language]);

  return painted ? (
    <Suspense fallback={null}>
      <NotificationHost />
    </Suspense>
  ) : null;
}

/** Inside Refine: cached queries follow the session. */
export function SessionBridges() {
  const queryClient = useQueryClient();
  const last = useRef(session.get());

  useEffect(
    () =>
      session.subscribe(() => {
        const previous = last.current;
        const next = session.get();
        last.current = next;
        if (previous.token && !next.token) {
          // Signed out: nothing the previous user could read may stay in memory.
          queryClient.removeQueries();
        } else if (previous.region !== next.region || previous.rules !== next.rules || previous.language !== next.language) {
          // New region or rules mean other records and other permissions (useCan caches too);
          // a new language means new server messages and labels.
          void queryClient.invalidateQueries();
        }
      }),
    [queryClient],
  );

  return null;
}
