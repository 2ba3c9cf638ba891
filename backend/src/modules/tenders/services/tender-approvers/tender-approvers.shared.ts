export const tenderApproversPath = 'tender-approvers'
