// Browser-safe: a payment claim's (project submission's) vocabulary for the claim screens. The
// rules themselves are the claims folder's (claims/*.shared.ts), shared, not copied.
export { completionTypes, type CompletionType } from '../../claims/claim-rules.shared.js'
export { submissionStates, submissionActions, type SubmissionState, type SubmissionAction } from '../../claims/submission.workflow.js'

export const projectSubmissionsPath = 'project-submissions'
/** find, get, create, patch (fields, or `action`: submit, resubmit, accept, reject), remove (a draft), and the inspector. */
export const projectSubmissionsMethods = ['find', 'get', 'create', 'patch', 'remove', 'submit', 'resubmit', 'accept', 'reject', 'assignInspector'] as const
export const projectSubmissionVersionsPath = 'project-submission-versions'
