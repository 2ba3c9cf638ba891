export const editLocksPath = 'edit-locks'
export const editLocksMethods = ['find', 'create', 'patch', 'remove'] as const

/** The client renews its lock this often while an edit form is open (spec, section 9). */
export const LOCK_KEEP_ALIVE_MS = 30_000

/** A lock's id in the API: `<resource>:<recordId>`, e.g. `buildings:12`. */
export const editLockId = (resource: string, recordId: string | number) => `${resource}:${recordId}`
