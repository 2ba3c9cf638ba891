// Browser-safe: the rating tasks a rater sees on the dashboard (issue 12 item 9).
export const vendorRatingTasksPath = 'vendor-rating-tasks'
export const vendorRatingTasksMethods = ['find', 'get'] as const
