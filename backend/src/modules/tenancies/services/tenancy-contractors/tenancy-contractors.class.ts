import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { userTypes } from '../../../../abilities/permissions.shared.js'
import { requestOrigin } from '../../../../mail/links.js'
import { accountState } from '../../../../services/users/account.workflow.js'
import { tenancyOfCall } from '../tenancy-accounts/tenancy-accounts.access.js'
import { contractorRowErrors, contractorTypes, type ContractorRow } from './tenancy-contractors.shared.js'

type ContractorParams = Params & { transaction?: { trx: Knex } }

const columns = ['userAccount', 'firstName', 'lastName', 'contractorType', 'companyName', 'officeTel', 'mobile'] as const

/** Trimmed text, an empty optional one as null. */
function cleaned(data: Record<string, any>): Record<string, any> {
  const out: Record<string, any> = {}
  for (const column of columns) {
    if (data[column] === undefined) continue
    const value = typeof data[column] === 'string' ? data[column].trim() : data[column]
    out[column] = value === '' && (column === 'userAccount' || column === 'officeTel') ? null : value
  }
  return out
}

function assertRow(row: ContractorRow) {
  const errors = contractorRowErrors(row)
  if (errors.length) throw appError(400, 'CONTRACTOR_ROW_INVALID', { details: errors.join(', '), fields: errors })
}

/**
 * A tenancy's contractors for standalone work permits (spec §3 "Tenancy contractor row", §7 POST
 * tenancies/{id}/contractor/{contractorId}/invite): rows checked by the same rules as the
 * browser's editor; invite makes the row's user account a TenancyContractor (662) of the tenancy
 * through the users service (its invitation mail and token) or sends its invitation again.
 * Who reaches them: the `tenancy-contractors` rights, a tenant's on its own tenancy only.
 */
export class TenancyContractorService {
  constructor(private app: Application) {}

  private db(params: ContractorParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /** With the contractor account's last login. */
  private async withLogins(db: Knex, rows: any[]) {
    const ids = rows.map((row) => row.userId).filter((id) => id != null)
    const users = ids.length ? await db('users').whereIn('id', ids).select('id', 'lastLoginAt') : []
    return rows.map((row) => ({ ...row, lastLoginAt: users.find((user: any) => user.id === row.userId)?.lastLoginAt ?? null }))
  }

  async find(params: ContractorParams = {}) {
    const db = this.db(params)
    const named = params.query?.tenancyId
    const tenancy = await tenancyOfCall(db, params, named === undefined ? undefined : Number(named))
    if (params.provider && !params.ability?.can('read', subject('tenancy-contractors', { tenancyId: tenancy.id }) as any)) throw appError(404, 'NOT_FOUND')
    // Spec §9: by type in the spec's order, OTHER last; then by name.
    const order = contractorTypes.map((type, index) => `WHEN '${type}' THEN ${index}`).join(' ')
    const rows = await db('tenancy_contractors')
      .where({ tenancyId: tenancy.id })
      .orderByRaw(`CASE contractor_type ${order} ELSE ${contractorTypes.length} END`)
      .orderBy(['lastName', 'firstName', 'id'])
      .limit(500)
    const data = await this.withLogins(db, rows)
    return { total: data.length, limit: 500, skip: 0, data }
  }

  async _get(id: any, params: ContractorParams = {}) {
    const db = this.db(params)
    const row = await db('tenancy_contractors')
      .where({ id: Number(id) || -1 })
      .first()
    if (!row || (params.region && row.region !== params.region)) throw appError(404, 'NOT_FOUND')
    return (await this.withLogins(db, [row]))[0]
  }

  async get(id: any, params: ContractorParams = {}) {
    const row = await this._get(id, params)
    this.assertMay(params, 'read', row)
    return row
  }

  private assertMay(params: ContractorParams, action: string, row: { tenancyId: number }) {
    if (params.provider && !params.ability?.can(action, subject('tenancy-contractors', { ...row }) as any)) throw appError(404, 'NOT_FOUND')
  }

  async create(data: any, params: ContractorParams = {}) {
    const db = this.db(params)
    const tenancy = await tenancyOfCall(db, params, data.tenancyId)
    this.assertMay(params, 'create', { tenancyId: tenancy.id })
    const row = cleaned(data)
    assertRow(row)
    const [created] = await db('tenancy_contractors').insert({ ...row, region: tenancy.region, tenancyId: tenancy.id }, ['id'])
    return this._get(created.id, params)
  }

  async patch(id: any, data: any, params: ContractorParams = {}) {
    const db = this.db(params)
    const stored = await this._get(id, params)
    this.assertMay(params, 'update', stored)
    const changes = cleaned(data)
    assertRow({ ...stored, ...changes })
    // Another user account is another person: the row waits for a new invitation.
    const relinked = changes.userAccount !== undefined && (changes.userAccount ?? '').toLowerCase() !== (stored.userAccount ?? '').toLowerCase()
    await db('tenancy_contractors')
      .where({ id: stored.id })
      .update({ ...changes, ...(relinked ? { userId: null, lastInviteAt: null } : {}), updatedAt: new Date() })
    return this._get(stored.id, params)
  }

  async remove(id: any, params: ContractorParams = {}) {
    const db = this.db(params)
    const stored = await this._get(id, params)
    this.assertMay(params, 'delete', stored)
    await db('tenancy_contractors').where({ id: stored.id }).delete()
    return stored
  }

  /** Invites the row's user account as the tenancy's contractor, or sends its invitation again. */
  async invite(data: { id: number }, params: ContractorParams = {}) {
    const db = this.db(params)
    const row = await this._get(data.id, params)
    this.assertMay(params, 'invite', row)
    if (!row.userAccount) throw appError(400, 'CONTRACTOR_ACCOUNT_MISSING')
    const usersParams = { region: row.region, transaction: params.transaction, afterCommit: params.afterCommit, mailOrigin: requestOrigin(this.app, params as any) } as any
    const linked = row.userId ? await db('users').where({ id: row.userId }).first() : undefined
    let userId = linked?.id
    if (linked) {
      // The users service's account workflow: only an invitation not yet taken up is sent again (409 otherwise).
      await this.app.service('users').invite({ id: linked.id }, usersParams)
    } else {
      const existing = await db('users').whereRaw('lower(username) = lower(?)', [row.userAccount]).first()
      if (existing && existing.tenancyId === row.tenancyId && existing.userType === userTypes.tenants.TenancyContractor) {
        userId = existing.id
        if (accountState(existing) === 'INVITED') await this.app.service('users').invite({ id: existing.id }, usersParams)
      } else {
        const tenancy = await db('tenancies').where({ id: row.tenancyId }).first('companyId', 'region')
        const group = await db('security_groups').where({ name: 'Tenant Contractor', domain: 'TMS' }).first('id')
        const created = await this.app.service('users').create(
          {
            username: row.userAccount,
            email: row.userAccount,
            displayName: `${row.firstName} ${row.lastName}`,
            userType: userTypes.tenants.TenancyContractor,
            roleName: 'TMS Standalone Contractor',
            tenancyId: row.tenancyId,
            companyId: tenancy.companyId,
            regions: [tenancy.region],
            defaultRegion: tenancy.region,
            phone: row.mobile,
            groupIds: group ? [group.id] : []
          },
          usersParams
        )
        userId = created.id
      }
    }
    await db('tenancy_contractors').where({ id: row.id }).update({ userId, lastInviteAt: new Date(), updatedAt: new Date() })
    return this._get(row.id, params)
  }
}
