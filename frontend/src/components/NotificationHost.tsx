import { useEffect } from "react";
import { notification } from "antd";
import { setNotificationApi } from "../providers/notifications";

/** Toasts in the app's theme and locale (what antd's <App> gives, without its modal and message). */
export function NotificationHost() {
  const [api, contextHolder] = notification.useNotification();
  useEffect(() => setNotificationApi(api), [api]);
  return contextHolder;
}
