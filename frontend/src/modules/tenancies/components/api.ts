import { api } from "../../../providers/api";

/** A tenancy custom method (changeStatus, linkLeases, unlinkLeases): POST with X-Service-Method; answers the tenancy. */
export function tenancyMethod<T = Record<string, any>>(method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>("tenancies", { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `tenancies.${method}` });
}

/** Leases import: the spreadsheet as base64. */
/** Imports a lease sheet: uploaded as a file first (the platform's upload rules), then read by the leases service. */
export async function importLeases(file: File): Promise<{ created: number; updated: number; rejected: Array<{ row: number; reason: string }> }> {
  const form = new FormData();
  form.append("files", file, file.name);
  form.append("ownerResource", "leases");
  const uploaded = await api<{ id: number } | { id: number }[]>("files", { method: "POST", action: "files.create", body: form });
  const fileId = Array.isArray(uploaded) ? uploaded[0].id : uploaded.id;
  return api("leases", { method: "POST", body: { fileId }, headers: { "X-Service-Method": "import" }, action: "leases.import" });
}
