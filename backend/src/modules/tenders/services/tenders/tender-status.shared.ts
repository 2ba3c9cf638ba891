// Browser-safe: a tender's states and how its status reads (spec §4), apart from the workflow's
// table (tender.workflow.ts re-exports them) so that what the login page loads (the export columns
// of the shared manifest) does not bring the table and its guards.

export const tenderStates = ['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'ISSUED', 'READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED', 'CANCELLED'] as const
export type TenderState = (typeof tenderStates)[number]

/** Addendum pending status (spec §4); the addendum status adds ISSUED. */
export const addendumStates = ['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'ISSUED'] as const
export type AddendumState = (typeof addendumStates)[number]
export type AddendumPendingState = Exclude<AddendumState, 'ISSUED'>

/** The status screens and status text speak of: a pending addendum's status wins over ISSUED. */
export function tenderScreenStatus(tender: { status: TenderState; addendumStatus?: AddendumPendingState | null }): TenderState {
  return tender.addendumStatus ?? tender.status
}

/** Status text: an addendum (version > 0) in its own cycle (DRAFT…ISSUED) reads A-<status>. */
export function tenderStatusText(status: TenderState, version: number): string {
  return version > 0 && (addendumStates as readonly string[]).includes(status) ? `A-${status}` : status
}
