import type { NotificationInstance } from "antd/es/notification/interface";
import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import i18n from "./i18n";
import { isApiError } from "./api";
import { session } from "./session";

/** Errors stay until closed or 300 s pass (spec section 9); others go after the antd default. */
export const ERROR_DURATION_S = 300;

let instance: NotificationInstance | null = null;
/** Toasts asked for before the notification code arrived (it loads after the first screen). */
let waiting: ((api: NotificationInstance) => void)[] = [];
/** Registered from inside the app (NotificationHost) so toasts follow the theme and locale. */
export function setNotificationApi(api: NotificationInstance) {
  instance = api;
  const queued = waiting;
  waiting = [];
  queued.forEach((call) => call(api));
}
function withApi(call: (api: NotificationInstance) => void) {
  if (instance) call(instance);
  else waiting.push(call);
}

const MAPPED_STATUSES = [400, 403, 404, 408, 409, 410, 423, 424, 428, 500, 503];

function statusOf(error: unknown): number | undefined {
  if (isApiError(error)) return error.status;
  const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/**
 * Catalogue lookup (spec section 8): `errors:<operation>.<CODE>`, `errors:code.<CODE>`,
 * `errors:<operation>.<status>`, the operation's resource (`buildings.409` for `buildings.create`),
 * then `errors:status.<status>`, other 4xx as a client error, and finally the system message.
 */
export function catalogueMessage(operation: string | undefined, error: unknown): string {
  const status = statusOf(error);
  const code = isApiError(error) ? error.code : undefined;
  const keys: string[] = [];
  if (operation && code) keys.push(`${operation}.${code}`);
  // Codes listed under errors:code (PERMISSION_UPDATED, NETWORK_ERROR...) say more than any status text.
  if (code) keys.push(`code.${code}`);
  if (operation && status) {
    keys.push(`${operation}.${status}`);
    const resource = operation.split(".")[0];
    if (resource !== operation) keys.push(`${resource}.${status}`);
  }
  if (status && (MAPPED_STATUSES.includes(status) || status === 401)) keys.push(`status.${status}`);
  else if (status && status >= 400 && status < 500) keys.push("status.4xx");
  keys.push("system");
  const found = keys.find((key) => i18n.exists(key, { ns: "errors" }));
  return i18n.t(found ?? "system", { ns: "errors" }) as string;
}

/** Title from the catalogue; the server's own text (already localised) as the detail, when different. */
export function describeError(operation: string | undefined, error: unknown): { message: string; description?: string } {
  const message = catalogueMessage(operation, error);
  const server = isApiError(error) ? error.serverMessage : error instanceof Error ? error.message : undefined;
  return { message, description: server && server !== message ? server : undefined };
}

function show(params: OpenNotificationParams) {
  const type = params.type === "progress" ? "info" : params.type;
  // While the re-login dialog is up every call fails the same way; the dialog is the message.
  if (type === "error" && session.get().permissionUpdated) return;
  // Same text → same key: antd replaces the open toast instead of stacking a duplicate.
  const key = params.key ?? `${type}:${params.message}:${params.description ?? ""}`;
  withApi((api) =>
    api[type]({
      key,
      message: params.message,
      description: params.description,
      duration: type === "error" ? ERROR_DURATION_S : undefined,
      style: { whiteSpace: "pre-line" },
    }),
  );
}

export function notifyError(operation: string | undefined, error: unknown) {
  // The re-login dialog already says it; a toast on top would repeat it.
  if (isApiError(error) && error.code === "PERMISSION_UPDATED") return;
  const { message, description } = describeError(operation, error);
  show({ type: "error", message, description, key: `error:${message}:${description ?? ""}` });
}

export function notifySuccess(message: string, description?: string) {
  show({ type: "success", message, description });
}

export function notifyWarning(message: string, description?: string) {
  withApi((api) => api.warning({ message, description, duration: 10, key: `warning:${message}` }));
}

/** Refine's notifications (mutation success, data errors) go through the same toasts. */
export const notificationProvider: NotificationProvider = {
  open: (params) => show(params),
  close: (key) => withApi((api) => api.destroy(key)),
};
