// Browser-safe: who a record can be submitted to, or handed to as its person in charge.

export const hotbApproversPath = 'hotb-approvers'
export const hotbApproversMethods = ['find'] as const

/** `?role=approver` (default): the staff whose groups grant `hotb:approve`; `?role=pic`: those granted `hotb:update`. */
export const hotbApproverRoles = ['approver', 'pic'] as const
export type HotbApproverRole = (typeof hotbApproverRoles)[number]
