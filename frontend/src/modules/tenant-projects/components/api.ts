import { api } from "../../../providers/api";

/** A tenant project's workflow call (submit, accept, complete, withdraw, cancel): POST with X-Service-Method; answers the project. */
export function tenantProjectMethod<T = Record<string, any>>(method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>("tenant-projects", { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `tenant-projects.${method}` });
}
