import { api } from "../../../providers/api";

/** A tenancy custom method (changeStatus, linkLeases, unlinkLeases): POST with X-Service-Method; answers the tenancy. */
export function tenancyMethod<T = Record<string, any>>(method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>("tenancies", { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `tenancies.${method}` });
}

/** Leases import: the spreadsheet as base64. */
export function importLeases(content: string): Promise<{ created: number; updated: number; rejected: Array<{ row: number; reason: string }> }> {
  return api("leases", { method: "POST", body: { content }, headers: { "X-Service-Method": "import" }, action: "leases.import" });
}
