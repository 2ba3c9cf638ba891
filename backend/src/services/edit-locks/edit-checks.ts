import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { callerParams } from '../../hooks/resolve-references.js'
import type { ModuleManifest } from '../../modules/manifest.js'
import type { EditLock } from './edit-locks.schema.js'

export const editChecksPath = 'edit-checks/:resource/:recordId'
export const editChecksMethods = ['find', 'create'] as const

/** A record whose edit the spec checks (check-editable, keep-edit): the service reading one, and its lock's resource. */
export interface EditCheck {
  service: string
  lock: string
}

/** Every module's edit checks (its manifest's `editChecks`), by the spec's resource name. */
const checkOf = (modules: readonly ModuleManifest[], resource: string): EditCheck | undefined =>
  modules.find((module) => module.editChecks && Object.hasOwn(module.editChecks, resource))?.editChecks?.[resource]

type EditCheckParams = Params & { route?: Record<string, string> }

/**
 * `GET edit-checks/:resource/:recordId` (check-editable) and `POST` (keep-edit): the caller
 * starts or goes on editing a record. The record is read through its own service with the
 * caller's params (404 for a record they cannot see, 403 without the read permission or without
 * `update` on it), then the caller's edit lock is taken or renewed (423 EDIT_LOCKED while another user edits it). Answers
 * `{editable: true, lock}`. Saving still needs the record's own permission and status.
 */
export class EditCheckService {
  constructor(private app: Application) {}

  find(params: EditCheckParams = {}) {
    return this.claim(params)
  }

  create(_data: unknown, params: EditCheckParams = {}) {
    return this.claim(params)
  }

  private async claim(params: EditCheckParams): Promise<{ editable: true; lock: EditLock }> {
    const target = checkOf(this.app.get('modules'), String(params.route?.resource))
    const recordId = String(params.route?.recordId ?? '')
    if (!target || !recordId) throw appError(404, 'NOT_FOUND')
    // The lock's own rule decides: the record read through its service with the caller's params
    // (404 unreadable, 403 without the read permission), then `update` on it (403).
    const lock = await this.app.service('edit-locks').create({ resource: target.lock, recordId }, { ...callerParams(params), query: {} })
    return { editable: true, lock }
  }
}
