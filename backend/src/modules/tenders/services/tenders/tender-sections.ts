// Browser-safe: which tab of the tender still lacks a mandatory field (spec: "required sections
// are reported in the submit message"). The edit screen marks the same tabs.

const filled = (value: unknown) => (typeof value === 'string' ? value.trim().length > 0 : value != null)

export type TenderSection = 'general' | 'scope' | 'items' | 'attachments'

/**
 * `documents.conditionsFiles`: how many files the conditions of contract have (spec §5: at least
 * one, and the conditions chosen); the Attachments tab is reported without them. Left out for an
 * addendum: its conditions of contract are the issued tender's, which an addendum cannot change.
 */
export function missingSections(tender: { closingAt?: unknown; general?: any; scope?: any; lineItemGroups?: any }, documents?: { conditionsFiles: number }): TenderSection[] {
  const sections: TenderSection[] = []
  const general = tender.general ?? {}
  if (!tender.closingAt || !filled(general.projectDescription) || !filled(general.projectLocation) || !filled(general.paymentTerms)) sections.push('general')
  if (!filled(tender.scope?.generalDesc)) sections.push('scope')
  const items = (tender.lineItemGroups ?? []).flatMap((group: any) => group.lineItems ?? [])
  if (!items.length || items.some((item: any) => !filled(item.itemDesc) || !filled(item.itemUnit) || !(Number(item.itemQty) > 0))) sections.push('items')
  if (documents && (!filled(general.conditionsOfContracts) || !(documents.conditionsFiles > 0))) sections.push('attachments')
  return sections
}
