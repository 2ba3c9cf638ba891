import { api } from "../../../providers/api";
import { tenancyContactsPath } from "../../../../../backend/src/modules/tenancies/services/tenancy-contacts/tenancy-contacts.shared";

export { contactRoles, mayUnlink } from "../../../../../backend/src/modules/tenancies/services/tenancy-contacts/tenancy-contacts.shared";

/** The roles a link form shows as check boxes (emergency is set by its call orders). */
export const flagRoles = ["isCircular", "isOthers", "isMarketing", "isMain", "isLease", "isFinance"] as const;

/** A contact's first entry of a kind (phones and e-mails are kept primary first). */
export const firstOf = (contact: { channels?: Array<{ kind: string; value: string; isPrimary?: boolean }> } | null | undefined, kind: string) => {
  const ofKind = (contact?.channels ?? []).filter((channel) => channel.kind === kind);
  return (ofKind.find((channel) => channel.isPrimary) ?? ofKind[0])?.value ?? "";
};

export const contactName = (contact: { prefix?: string | null; firstName?: string; lastName?: string } | null | undefined) =>
  [contact?.prefix, contact?.firstName, contact?.lastName].filter(Boolean).join(" ");

export function linkContact(body: Record<string, unknown>) {
  return api<Record<string, any>>(tenancyContactsPath, { method: "POST", body, action: "tenancy-contacts.create" });
}

export function changeLink(id: number, body: Record<string, unknown>) {
  return api<Record<string, any>>(`${tenancyContactsPath}/${id}`, { method: "PATCH", body, action: "tenancy-contacts.patch" });
}

export function unlinkContact(id: number) {
  return api<Record<string, any>>(`${tenancyContactsPath}/${id}`, { method: "DELETE", action: "tenancy-contacts.remove" });
}

/** The tenancy's contacts confirmed by the caller (spec POST tenancies/{id}/confirm_contact). */
export function confirmContacts(tenancyId: number) {
  return api<Record<string, any>>(tenancyContactsPath, {
    method: "POST",
    body: { tenancyId },
    headers: { "X-Service-Method": "confirm" },
    action: "tenancy-contacts.confirm",
  });
}
