import type { KnexAdapterParams } from '@feathersjs/knex'
import { PortalKnexService } from '../../kit/knex-service.js'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { permissionCatalogue } from '../../abilities/permission-catalogue.shared.js'
import type { SecurityGroup } from './security-groups.schema.js'

type GroupParams = KnexAdapterParams & Params

/** Only what the catalogue knows may be granted, so a typo cannot grant nothing silently. */
function assertKnownPermissions(permissions: SecurityGroup['permissions'] | undefined) {
  for (const { resource, action } of permissions ?? []) {
    if (!permissionCatalogue()[resource]?.includes(action)) {
      throw appError(400, 'VALIDATION_FAILED', { details: `${resource}:${action}` })
    }
  }
}

/**
 * Security groups: named sets of permission triples. A change reaches its members' abilities at
 * once, and their open sessions are told to log in again (403 PERMISSION_UPDATED). A name taken
 * in any letter case answers 409 DUPLICATE from its unique index.
 */
export class SecurityGroupService extends PortalKnexService<SecurityGroup> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  async create(data: any, params: GroupParams = {}): Promise<any> {
    assertKnownPermissions(data.permissions)
    return super.create({ ...data, permissions: JSON.stringify(data.permissions) } as any, params)
  }

  async patch(id: any, data: any, params: GroupParams = {}): Promise<any> {
    assertKnownPermissions(data.permissions)
    const changes = data.permissions ? { ...data, permissions: JSON.stringify(data.permissions) } : data
    const result = await super.patch(id, changes, params)
    if (data.permissions) await this.bumpMembers(Number(id), params)
    return result
  }

  async remove(id: any, params: GroupParams = {}): Promise<any> {
    await this.bumpMembers(Number(id), params)
    return super.remove(id, params)
  }

  private conn(params: GroupParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  private async bumpMembers(groupId: number, params: GroupParams) {
    const db = this.conn(params)
    await db('users')
      .whereIn('id', db('user_groups').where({ groupId }).select('userId'))
      .update({ permissionVersion: db.raw('permission_version + 1') })
    const invalidate = () => this.app.get('invalidation').publish({ kind: 'users' })
    if (params.afterCommit) params.afterCommit.push(invalidate)
    else await invalidate()
  }
}
