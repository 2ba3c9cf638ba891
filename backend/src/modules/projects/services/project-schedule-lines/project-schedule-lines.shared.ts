// Browser-safe: the schedule of values of a project (issue 12 item 6) for the claim screens.
export const projectScheduleLinesPath = 'project-schedule-lines'
/** find {projectId}; create {projectId, lines} or {projectId, fileId}: replaces the project's schedule as a whole. */
export const projectScheduleLinesMethods = ['find', 'create'] as const
