// Browser-safe: the region's public holidays (issue 29 item 7), the days the working-day clock skips.
export const publicHolidaysPath = 'public-holidays'
export const publicHolidaysMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
