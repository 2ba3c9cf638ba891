// Browser-safe: the post-fit-out submissions' vocabulary (issue 30 item 8; spec §3 "Post-fitout
// submission", §4, §7 "Post-fitout"), shared by the services, their validators and the screens.

export const postFitoutSubmissionsPath = 'tenant-project-post-fitout-submissions'
/** Spec POST/PUT/GET/DELETE /post_fitout_submissions/{id}, GET …/list?projectId; `complete` is the table's one action. */
export const postFitoutSubmissionsMethods = ['find', 'get', 'create', 'patch', 'remove', 'complete'] as const

export const postFitoutFilesPath = 'tenant-project-post-fitout-files'
/** LETTER: staff's letters to the tenant; DOCUMENT: the tenant's uploads for the review. */
export const postFitoutFileKinds = ['LETTER', 'DOCUMENT'] as const
export type PostFitoutFileKind = (typeof postFitoutFileKinds)[number]

/** Fields only staff read (the tenant's side never receives them, in answers or live events). */
export const postFitoutStaffFields = ['staffNotes'] as const

export const postFitoutLimits = { remarks: 4000, staffNotes: 4000, description: 500 } as const

/** The guideline items still pending for a round: the published POST_FIT_OUT set less the ticked ones (by item id, any case). */
export function pendingGuidelines<T extends { itemId: string }>(published: readonly T[], compliedItemIds: readonly string[]): T[] {
  const ticked = new Set(compliedItemIds.map((itemId) => itemId.toLowerCase()))
  return published.filter((item) => !ticked.has(item.itemId.toLowerCase()))
}
