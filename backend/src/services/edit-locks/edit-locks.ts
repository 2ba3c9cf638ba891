import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { EditLockService } from './edit-locks.class.js'
import { editLockDataValidator, editLockPatchValidator, editLockQueryValidator } from './edit-locks.schema.js'
import { editLocksMethods, editLocksPath } from './edit-locks.shared.js'
import { EditCheckService, editChecksMethods, editChecksPath } from './edit-checks.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [editLocksPath]: EditLockService
    [editChecksPath]: EditCheckService
  }
}

/**
 * A lock blocks other users' saves (423), so only who may update a record may lock it, and the
 * lock list shows only records the caller reads (edit-locks.class.ts). Locks are not audited.
 */
export const editLocks = (app: Application) => {
  app.use(editLocksPath, new EditLockService(app), { methods: [...editLocksMethods], audit: false } as any)

  app.service(editLocksPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(editLockQueryValidator)],
      create: [schemaHooks.validateData(editLockDataValidator)],
      patch: [schemaHooks.validateData(editLockPatchValidator)]
    }
  })

  // The spec's check-editable and keep-edit of tenders and queries: the record's read, then its lock.
  app.use(editChecksPath, new EditCheckService(app), { methods: [...editChecksMethods], audit: false, feature: 'TENDERS' } as any)
}
