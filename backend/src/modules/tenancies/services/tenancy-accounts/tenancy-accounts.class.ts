import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { tenancyPerms } from '../../../../abilities/permissions.shared.js'
import { PortalKnexService } from '../../../../kit/knex-service.js'
import { accountState } from '../../../../services/users/account.workflow.js'
import { requestOrigin } from '../../../../mail/links.js'
import { assertMayOnAccount, listScope, tenancyOfCall, type TenancyRow } from './tenancy-accounts.access.js'
import { invitationExpired, masterAccountType, mayGrant, subAccountType, tenancyAccountTypes, type TenancyAccountAction } from './tenancy-accounts.shared.js'
import type { TenancyAccount, TenancyAccountData } from './tenancy-accounts.schema.js'
import { regionsInclude } from '../../../../db/regions-include.js'

type AccountParams = KnexAdapterParams & Params & { tenancyScope?: number }

const viewFields = [
  'id',
  'tenancyId',
  'username',
  'email',
  'displayName',
  'phone',
  'language',
  'userType',
  'tenancyPerms',
  'regions',
  'enabled',
  'lockedAt',
  'invitedAt',
  'lastLoginAt',
  'updatedAt'
] as const

/** The users row as the tenancy's user management shows it: no password, no groups, its state. */
export function toView(row: any): TenancyAccount {
  const view: any = Object.fromEntries(viewFields.map((field) => [field, row[field] ?? null]))
  view.tenancyPerms = row.tenancyPerms ?? []
  view.regions = row.regions ?? []
  view.status = accountState(row)
  view.invitationExpired = invitationExpired(view)
  return view
}

/**
 * The accounts of one tenancy (spec §3 "Tenancy account", §7 sub-accounts, invite): a view over
 * the users table. Every write goes through the users service, internally, once this service has
 * decided who may do it: the same invitation mail and 7-day token, the same account workflow, the
 * same permission-version bump that asks a re-granted user to sign in again.
 */
export class TenancyAccountService extends PortalKnexService<TenancyAccount, any> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  createQuery(params: AccountParams = {}) {
    const query = super.createQuery(params as any)
    query.whereIn('users.userType', [...tenancyAccountTypes]).whereNotNull('users.tenancyId')
    if (params.region) query.whereRaw(regionsInclude('users.regions', params.region))
    if (params.tenancyScope !== undefined) query.where('users.tenancyId', params.tenancyScope)
    return query
  }

  private conn(params: AccountParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  async _find(params: AccountParams = {}): Promise<any> {
    const page = await super._find(params as any)
    return Array.isArray(page) ? page.map(toView) : { ...page, data: page.data.map(toView) }
  }

  async find(params: AccountParams = {}): Promise<any> {
    const tenancyScope = await listScope(this.conn(params), params)
    return this._find({ ...params, tenancyScope: tenancyScope ?? params.tenancyScope })
  }

  async _get(id: any, params: AccountParams = {}): Promise<any> {
    return toView(await super._get(id, { ...params, query: {} } as any))
  }

  async get(id: any, params: AccountParams = {}): Promise<any> {
    const account = await this._get(id, params)
    assertMayOnAccount(params, 'read', account)
    return account
  }

  /** Internal params for the users service: the call's transaction, region and mail origin, no caller (checked here). */
  private usersParams(params: AccountParams, region: string): Params {
    return { region, transaction: params.transaction, afterCommit: params.afterCommit, mailOrigin: requestOrigin(this.app, params as any) } as any
  }

  async create(data: any, params: AccountParams = {}): Promise<any> {
    return this.createAccount(data, params)
  }

  private async createAccount(data: TenancyAccountData, params: AccountParams): Promise<any> {
    const db = this.conn(params)
    const tenancy = await tenancyOfCall(db, params, data.tenancyId)
    const userType = data.userType ?? subAccountType
    const perms = userType === masterAccountType ? [...tenancyPerms] : (data.tenancyPerms ?? [])
    if (params.provider) {
      const user = params.user!
      assertMayOnAccount(params, 'create', { id: 0, userType: subAccountType, tenancyId: tenancy.id, tenancyPerms: [] })
      // Only staff invite a tenancy's master account (spec §7 POST tenancies/{id}/invite).
      if (userType === masterAccountType && user.portal !== 'staff') throw appError(403, 'FIELD_FORBIDDEN', { field: 'userType' })
      if (!mayGrant(user, perms)) throw appError(403, 'FIELD_FORBIDDEN', { field: 'tenancyPerms' })
    }
    const email = data.email.trim()
    await this.assertEmailFree(db, tenancy.id, email)
    if (userType === masterAccountType) {
      const master = await db('users').where({ tenancyId: tenancy.id, userType: masterAccountType }).first('id')
      if (master) throw appError(409, 'MASTER_ACCOUNT_EXISTS')
    }
    // Spec §5: inviting someone already a tenancy user asks for confirmation (428 until given).
    const elsewhere = await db('users').whereRaw('lower(email) = lower(?)', [email]).where('userType', '>=', 600).whereNot('tenancyId', tenancy.id).first('id')
    if (elsewhere && data.confirm !== true) throw appError(428, 'TENANCY_USER_CONFIRM', { email })
    const username = await this.freeUsername(db, data.username ?? email, tenancy, Boolean(elsewhere))
    const created = await this.app.service('users').create(
      {
        username,
        email,
        displayName: data.displayName.trim(),
        userType,
        roleName: userType === masterAccountType ? 'Tenancy Admin Contact' : 'Tenancy Contact',
        tenancyId: tenancy.id,
        companyId: tenancy.companyId,
        regions: [tenancy.region],
        defaultRegion: tenancy.region,
        tenancyPerms: perms,
        phone: data.phone ?? null,
        language: data.language ?? 'en-US',
        // A master account's rights are its group's (Tenant Admin); a sub-account's, its perms.
        groupIds: userType === masterAccountType ? await this.masterGroups(db) : []
      },
      this.usersParams(params, tenancy.region)
    )
    return this._get(created.id, params)
  }

  async patch(id: any, data: any, params: AccountParams = {}): Promise<any> {
    const db = this.conn(params)
    const account = await this._get(id, params)
    assertMayOnAccount(params, 'update', account)
    const { updatedAt, ...changes } = data
    if (changes.tenancyPerms !== undefined) {
      // The master account holds every perm: its rights are its group's, not perms to take away.
      if (account.userType === masterAccountType) throw appError(403, 'FIELD_FORBIDDEN', { field: 'tenancyPerms' })
      if (params.provider && !mayGrant(params.user!, changes.tenancyPerms)) throw appError(403, 'FIELD_FORBIDDEN', { field: 'tenancyPerms' })
    }
    if (changes.email !== undefined) {
      changes.email = changes.email.trim()
      await this.assertEmailFree(db, account.tenancyId, changes.email, account.id)
    }
    if (changes.displayName !== undefined) changes.displayName = changes.displayName.trim()
    const [region] = account.regions
    await this.app.service('users').patch(account.id, { ...changes, updatedAt: updatedAt ?? account.updatedAt }, this.usersParams(params, region))
    return this._get(account.id, params)
  }

  invite(data: { id: number }, params: AccountParams = {}) {
    return this.act('invite', data, params)
  }
  lock(data: { id: number }, params: AccountParams = {}) {
    return this.act('lock', data, params)
  }
  unlock(data: { id: number }, params: AccountParams = {}) {
    return this.act('unlock', data, params)
  }
  enable(data: { id: number }, params: AccountParams = {}) {
    return this.act('enable', data, params)
  }
  disable(data: { id: number }, params: AccountParams = {}) {
    return this.act('disable', data, params)
  }

  /** Resend, lock, unlock, enable, disable: checked here, run by the users service's account workflow (409 from a state that has no such way out). */
  private async act(action: TenancyAccountAction, data: { id: number }, params: AccountParams) {
    const account = await this._get(data.id, params)
    assertMayOnAccount(params, action, account)
    const [region] = account.regions
    await (this.app.service('users') as any)[action]({ id: account.id }, this.usersParams(params, region))
    return this._get(account.id, params)
  }

  /** 409 EMAIL_USED when another account of the tenancy has this e-mail (spec §8 "Sub-account create or edit 409"). */
  private async assertEmailFree(db: Knex, tenancyId: number, email: string, except?: number) {
    const query = db('users')
      .where({ tenancyId })
      .whereIn('userType', [...tenancyAccountTypes])
      .whereRaw('lower(email) = lower(?)', [email])
    if (except !== undefined) query.whereNot('id', except)
    if (await query.first('id')) throw appError(409, 'EMAIL_USED', { email })
  }

  /**
   * The e-mail as username, unless the person's other tenancy account holds it: then one named
   * after this tenancy (the invitation mail tells them which). A name taken by anyone else
   * answers 409 DUPLICATE from the users service.
   */
  private async freeUsername(db: Knex, wanted: string, tenancy: TenancyRow, confirmedElsewhere: boolean) {
    if (!confirmedElsewhere) return wanted
    const taken = await db('users').whereRaw('lower(username) = lower(?)', [wanted]).first('id')
    return taken ? `${wanted}.t${tenancy.id}` : wanted
  }

  private async masterGroups(db: Knex): Promise<number[]> {
    const group = await db('security_groups').where({ name: 'Tenant Admin', domain: 'TMS' }).first('id')
    return group ? [group.id] : []
  }
}
