// Browser-safe: the review's vocabulary (spec §3 "Tenant submission", "Comments"), shared by the
// services, their validators and the screens.

export const tenantSubmissionsPath = 'tenant-submissions'
export const tenantSubmissionsMethods = ['find', 'get', 'create', 'send', 'resend', 'review', 'reassign', 'cancel'] as const

export const tenantSubmissionCommentsPath = 'tenant-submission-comments'
/** ADD (create), UPDATE (patch), DELETE (remove), the tenant's answer, the reviewers' CHECK and UNCHECK (spec §3 comment actions). */
export const tenantSubmissionCommentsMethods = ['find', 'get', 'create', 'patch', 'remove', 'answer', 'check', 'uncheck'] as const

export const tenantSubmissionActionsPath = 'tenant-submission-actions'
export const tenantSubmissionFilesPath = 'tenant-submission-files'

export const commentTypes = ['DESIGN', 'TECH'] as const
export type CommentType = (typeof commentTypes)[number]

/**
 * A comment's life in the register (issue 29 item 6): OPEN until the tenant answers it (ANSWERED)
 * or marks it not applicable (NA); a reviewer closes an answer (CHECK → CLOSED) or reopens it
 * (UNCHECK); a deleted item keeps its id (DELETED).
 */
export const commentStatuses = ['OPEN', 'ANSWERED', 'NA', 'CLOSED', 'DELETED'] as const
export type CommentStatus = (typeof commentStatuses)[number]

/** The statuses that let the next batch be sent (the register's "answered or marked not applicable"). */
export const settledComment = (status: string) => status !== 'OPEN'

/** An item's letter (spec "Tech comments are prefixed with letters and sections with numbers"): 0 → a, 25 → z, 26 → aa. */
export function itemLetter(item: number): string {
  let n = item
  let letters = ''
  do {
    letters = String.fromCharCode(97 + (n % 26)) + letters
    n = Math.floor(n / 26) - 1
  } while (n >= 0)
  return letters
}

/** A comment's id in the register: "1.a", "2.b" (stable for the project's life). */
export const commentLabel = (section: number, item: number) => `${section}.${itemLetter(item)}`

/** The file types of a batch (spec §3 "metaData with submitted, isNa, isDesign, isTechnical, submittedDate"). */
export const submissionDocTypes = ['DRAWING', 'SPECIFICATION', 'CALCULATION', 'CERTIFICATE', 'SCHEDULE', 'OTHER'] as const

export const submissionLimits = { comment: 4000, answer: 4000, description: 500, reason: 1000 } as const
