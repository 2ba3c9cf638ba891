import { api } from "../../../providers/api";

/** A project's workflow or person-in-charge call (activate, complete, cancel, changeManager): POST with X-Service-Method; answers the project. */
export function projectMethod<T = Record<string, any>>(method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>("projects", { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `projects.${method}` });
}
