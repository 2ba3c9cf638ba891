import { useEffect, useRef } from "react";
import { App as AntdApp } from "antd";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { setApiNavigator } from "../providers/api";
import { setNotificationApi } from "../providers/notifications";
import { loadRegions } from "../providers/regions";
import { session } from "../providers/session";

/**
 * Connects the non-React modules to the running app: api.ts navigates with the router,
 * notifications use antd's contextual API, and cached queries follow the session.
 */
export function SessionBridges() {
  const navigate = useNavigate();
  const { notification } = AntdApp.useApp();
  const queryClient = useQueryClient();
  const last = useRef(session.get());

  // replace: an expired session must not leave a back-button entry, nor ask about unsaved changes.
  useEffect(() => setApiNavigator((to) => navigate(to, { replace: true })), [navigate]);
  useEffect(() => setNotificationApi(notification), [notification]);

  // Feature switches can change between visits; the stored list is used until this answers.
  useEffect(() => {
    loadRegions().catch((error) => console.warn("Could not load regions", error));
  }, []);

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
