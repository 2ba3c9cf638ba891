import { api } from "../../../providers/api";
import { hotbPath } from "../../../../../backend/src/modules/handover/services/hotb/hotb.shared";

/** A record's workflow call (submit, approve, arrange...): POST with X-Service-Method; answers the record. */
export function hotbMethod<T = Record<string, any>>(method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>(hotbPath, { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `${hotbPath}.${method}` });
}

/** One write to a handover service (`hotb`, `hotb-schedule-items`, `hotb-keys`), named for the audit log. */
export function hotbWrite<T = Record<string, any>>(
  path: string,
  method: "POST" | "PATCH" | "DELETE",
  id: number | undefined,
  body?: Record<string, unknown>,
): Promise<T> {
  const verb = method === "POST" ? "create" : method === "PATCH" ? "patch" : "remove";
  return api<T>(id === undefined ? path : `${path}/${id}`, { method, body, action: `${path}.${verb}` });
}
