import { api } from "../../../../providers/api";
import { formatCents, parseAmount } from "../../../../../../backend/src/modules/tenant-projects/services/deposits/deposit-ledger.shared";

export {
  depositsPath,
  deductionsPath,
  refundsPath,
  managementFeesPath,
  depositPayeeTypes,
  refundPayeeTypes,
} from "../../../../../../backend/src/modules/tenant-projects/services/deposits/deposits.shared";
export { deductionKinds, formatMoneyCents } from "../../../../../../backend/src/modules/tenant-projects/services/deposits/deposit-ledger.shared";
export { refundWorkflow } from "../../../../../../backend/src/modules/tenant-projects/services/deposits/refund.workflow";

/** A custom method of a ledger service (notify, a refund action): POST with X-Service-Method, named for the audit. */
export function ledgerCall<T = Record<string, any>>(path: string, method: string, payload: Record<string, unknown>): Promise<T> {
  return api<T>(path, { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `${path}.${method}` });
}

/** A file uploaded for a ledger record (evidence, an approval, supporting documents): its id. */
export async function uploadFor(ownerResource: string, ownerId: number, file: Blob, name: string): Promise<number> {
  const body = new FormData();
  body.append("ownerResource", ownerResource);
  body.append("ownerId", String(ownerId));
  body.append("files", file, name);
  const stored = await api<any>("files", { method: "POST", body, action: "files.create" });
  return (Array.isArray(stored) ? stored[0] : stored).id;
}

/** An amount field's rule (spec §5 "decimals at most 2 places"), checked on blur. */
export const amountRule = (message: string, required = false) => ({
  validator: async (_: unknown, value: unknown) => {
    if ((value === undefined || value === null || value === "") && !required) return;
    if (parseAmount(value) === null) throw new Error(message);
  },
});

/** Cents as the amount a form shows ("120,000.00"). */
export const centsText = (cents: number | null | undefined) => (cents == null ? "" : formatCents(cents));
