import { api } from "../../../../providers/api";

/** A custom method of a project control service (send, tenantViewable, close, complete...): POST with X-Service-Method, named for the audit. */
export function controlCall<T = Record<string, any>>(path: string, method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>(path, { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `${path}.${method}` });
}
