import type { NotificationInstance } from "antd/es/notification/interface";
import type { NotificationProvider, OpenNotificationParams } from "@refinedev/core";
import i18n from "./i18n";
import { isApiError, onWriteDone } from "./api";
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
/** Runs a call with the app's notification API (at once, or when it arrives): for toasts that hold their own content. */
export function withApi(call: (api: NotificationInstance) => void) {
  if (instance) call(instance);
  else waiting.push(call);
}

const MAPPED_STATUSES = [400, 403, 404, 408, 409, 410, 423, 424, 428, 500, 503];

function statusOf(error: unknown): number | undefined {
  if (isApiError(error)) return error.status;
  const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** Statuses whose generic catalogue text says less than the server's own text for a code the catalogue lacks. */
const SERVER_TEXT_STATUSES = [400, 409, 422];

/**
 * The one message of an error (spec section 8): the catalogue's `errors:<operation>.<CODE>`,
 * `errors:code.<CODE>`, `errors:<operation>.<status>`, the operation's resource (`buildings.409`
 * for `buildings.create`); for a 400/409/422 with a code the catalogue does not know, the server's
 * own text (translated from that code, in the user's language); then `errors:status.<status>`,
 * other 4xx as a client error, and finally the system message.
 */
export function catalogueMessage(operation: string | undefined, error: unknown): string {
  const status = statusOf(error);
  const code = isApiError(error) ? error.code : undefined;
  const specific: string[] = [];
  if (operation && code) specific.push(`${operation}.${code}`);
  // Codes listed under errors:code (PERMISSION_UPDATED, NETWORK_ERROR...) say more than any status text.
  if (code) specific.push(`code.${code}`);
  if (operation && status) {
    specific.push(`${operation}.${status}`);
    const resource = operation.split(".")[0];
    if (resource !== operation) specific.push(`${resource}.${status}`);
  }
  const found = specific.find((key) => i18n.exists(key, { ns: "errors" }));
  // The error's data fills the message's placeholders (SUB_ACCOUNT_LIMIT names its {{limit}}).
  const values = isApiError(error)
    ? Object.fromEntries(Object.entries(error.data ?? {}).filter(([, value]) => ["string", "number"].includes(typeof value)))
    : {};
  if (found) return i18n.t(found, { ns: "errors", ...values }) as string;
  const server = isApiError(error) ? error.serverMessage?.trim() : undefined;
  if (server && code && status && SERVER_TEXT_STATUSES.includes(status)) return server;
  const general: string[] = [];
  if (status && (MAPPED_STATUSES.includes(status) || status === 401)) general.push(`status.${status}`);
  else if (status && status >= 400 && status < 500) general.push("status.4xx");
  const generic = general.find((key) => i18n.exists(key, { ns: "errors" }));
  return i18n.t(generic ?? "system", { ns: "errors" }) as string;
}

/**
 * What a user tried, as a toast's title: "Could not save the tender", "Could not complete the
 * project “PO-1234”" when the caller names the record (`subject`: its number or name).
 */
export function attemptTitle(operation: string | undefined, subject?: string): string {
  const [resource = "", verb = ""] = (operation ?? "").split(".");
  const kind = i18n.t([`records.${resource}`, "records.default"], { ns: "errors" }) as string;
  const record = subject ? (i18n.t("records.named", { ns: "errors", record: kind, name: subject }) as string) : kind;
  if (verb && i18n.exists(`tried.${verb}`, { ns: "errors" })) return i18n.t(`tried.${verb}`, { ns: "errors", record }) as string;
  // A workflow action the catalogue has no sentence for is named by its button's label.
  const label = resource && verb && i18n.exists(`${resource}:actions.${verb}`) ? (i18n.t(`${resource}:actions.${verb}`) as string) : undefined;
  return label ? (i18n.t("tried.action", { ns: "errors", action: label, record }) as string) : (i18n.t("tried.default", { ns: "errors" }) as string);
}

/** A toast for a failed call: titled by what the user tried, the one message from the catalogue as the text. */
export function describeError(operation: string | undefined, error: unknown, subject?: string): { message: string; description: string } {
  return { message: attemptTitle(operation, subject), description: catalogueMessage(operation, error) };
}

/**
 * An antd form's `validateFields()` rejection: the fields already say what is wrong, where it is
 * wrong. It is no failed call and gets no toast.
 */
export function isFormValidationError(error: unknown): boolean {
  return typeof error === "object" && error !== null && Array.isArray((error as { errorFields?: unknown }).errorFields);
}

/**
 * The operation behind each failed data-provider call, by the message it carries: Refine's own
 * error toasts (a form's save) name only the resource, so their title is made here from what the
 * user tried. Only the last few are kept: a toast follows its failure at once.
 */
const failures = new Map<string, string>();
export function rememberFailure(operation: string, message: string) {
  failures.delete(message);
  failures.set(message, operation);
  if (failures.size > 20) failures.delete(failures.keys().next().value!);
}

/**
 * The error toasts open per operation: when the same operation goes through (the corrected save,
 * the workflow action tried again), its failure's toast goes, instead of staying its 300 s beside
 * the success (issue 27, item 16).
 */
const openErrors = new Map<string, Set<string>>();

/** Closes the error toasts of an operation that has now gone through. */
export function clearFailure(operation: string) {
  const keys = openErrors.get(operation);
  if (!keys) return;
  openErrors.delete(operation);
  withApi((api) => keys.forEach((key) => api.destroy(key)));
}

function show(params: OpenNotificationParams, operationOfError?: string) {
  const type = params.type === "progress" ? "info" : params.type;
  const remembered = type === "error" && params.description ? failures.get(params.description) : undefined;
  if (remembered && !operationOfError) params = { ...params, message: attemptTitle(remembered) };
  const operation = operationOfError ?? remembered;
  // While the re-login dialog is up every call fails the same way; the dialog is the message.
  if (type === "error" && session.get().permissionUpdated) return;
  // Same text → same key: antd replaces the open toast instead of stacking a duplicate. An error's
  // text is its one catalogue message: the same failure told by a screen and by Refine is one toast.
  const key = type === "error" ? `error:${params.description || params.message}` : (params.key ?? `${type}:${params.message}:${params.description ?? ""}`);
  if (type === "error" && operation) openErrors.set(operation, (openErrors.get(operation) ?? new Set()).add(key));
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

/** A failed call's toast; `subject` names the record (its number or name) in the title. */
export function notifyError(operation: string | undefined, error: unknown, subject?: string) {
  // The re-login dialog already says it; a toast on top would repeat it.
  if (isApiError(error) && error.code === "PERMISSION_UPDATED") return;
  if (isFormValidationError(error)) return;
  const { message, description } = describeError(operation, error, subject);
  show({ type: "error", message, description }, operation);
}

// A write named for the audit log (X-CMS-Action, the operation's name) that went through.
onWriteDone(clearFailure);

export function notifySuccess(message: string, description?: string) {
  show({ type: "success", message, description });
}

export function notifyWarning(message: string, description?: string) {
  withApi((api) => api.warning({ message, description, duration: 10, key: `warning:${message}` }));
}

export function notifyInfo(message: string, description?: string) {
  withApi((api) => api.info({ message, description, duration: 10, key: `info:${message}` }));
}

/** Refine's notifications (mutation success, data errors) go through the same toasts. */
export const notificationProvider: NotificationProvider = {
  open: (params) => show(params),
  close: (key) => withApi((api) => api.destroy(key)),
};
