// Browser-safe: the terms library (spec §5 "Terms acceptance is a list of checkboxes, one per term
// of the region, department and term version, all unchecked at the start").
export const tenderTermsPath = 'tender-terms'
export const tenderTermsMethods = ['find', 'get', 'create'] as const
/** The terms a tender shows and its vendors accept: `GET tenders/{id}/terms`. */
export const tenderTermsOfTenderPath = 'tenders/:tenderId/terms'
export const tenderTermsOfTenderMethods = ['find'] as const
export const tenderTermsOfTenderUrl = (tenderId: string) => `tenders/${encodeURIComponent(tenderId)}/terms`

export const termTitleMaxLength = 255
export const termTextMaxLength = 4000

export interface TermItem {
  /** `<version>.<n>`: an acceptance names the version it was given for. */
  id: string
  title: string
  text: string
}

/** The ids of a version's items, in order: `3.1`, `3.2`, … */
export const termItemId = (version: number, index: number) => `${version}.${index + 1}`

/** The terms of the list a vendor has not ticked (acceptances of other versions do not count). */
export function unacceptedTerms(items: readonly Pick<TermItem, 'id'>[], accepted: readonly string[] | null | undefined): string[] {
  const ticked = new Set(accepted ?? [])
  return items.map((item) => item.id).filter((id) => !ticked.has(id))
}
