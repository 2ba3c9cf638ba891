export const tenderReviewersPath = 'tender-reviewers'
