import type { KnexAdapterParams } from '@feathersjs/knex'
import { PortalKnexService } from '../../kit/knex-service.js'
import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { issueToken } from '../../auth/tokens.js'
import { mailLink } from '../../mail/links.js'
import { accountMailRegions } from '../../auth/account-mail.js'
import { accountState, accountWorkflow } from './account.workflow.js'
import type { User } from './users.schema.js'
import { accountActor, accountToCreate, checkExternalName, checkGroups, checkPatch, checkSubAccountCap } from './account-policy.js'
import { inviteValidityMs } from './users.shared.js'
import { withTransaction } from '../../db/transaction.js'

type UserParams = KnexAdapterParams & Params

/**
 * Accounts of every portal. A list shows the accounts authorised for the request's region;
 * groups are assigned per region; state changes go through invite, lock, unlock, enable, disable.
 */
export class UserService extends PortalKnexService<User> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  private trx(params: UserParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /**
   * Runs in the request's transaction (every external write has one), else in a new one whose
   * mails and announcements wait for its confirmed COMMIT (db/transaction.ts).
   */
  private inTransaction<T>(params: UserParams, run: (trx: Knex.Transaction, inner: UserParams) => Promise<T>): Promise<T> {
    return withTransaction(this.app.get('knex'), params, (inner) => run(inner.transaction!.trx as Knex.Transaction, inner))
  }

  async create(data: any, params: UserParams = {}): Promise<any> {
    const region = params.region ?? 'GLOBAL'
    const actor = accountActor(params)
    const { groupIds = [], ...account } = actor ? accountToCreate(actor, data, region) : data
    const regions: string[] = account.regions ?? [region]
    const domain = account.userType >= 600 ? 'TMS' : 'CMS'
    // The sub-account cap locks the company row until the commit: a transaction even when called internally.
    const id = await this.inTransaction(params, async (db, inner) => {
      // A username taken in any letter case answers 409 DUPLICATE from its unique index (users_username_ci_unique).
      await checkGroups(db, groupIds, { domain, regions }, region)
      await checkExternalName(db, account, region)
      await checkSubAccountCap(db, account)
      const [{ id }] = await db('users').insert(
        {
          ...this.encodeJson(account),
          domain,
          source: account.source ?? 'EXT',
          regions,
          defaultRegion: account.defaultRegion ?? regions[0],
          invitedAt: new Date()
        },
        ['id']
      )
      await this.replaceGroups(db, id, region, groupIds)
      await this.sendInvite(db, id, inner)
      return id
    })
    return this._get(id, { ...params, query: {} })
  }

  async patch(id: any, data: any, params: UserParams = {}): Promise<any> {
    const { groupIds, ...changes } = data
    const db = this.trx(params)
    const actor = accountActor(params)
    // Toggles and tenancy perms are rights too: like groups, a change asks the user to log in again.
    // So is the company: a vendor's or tenant's "own" records are its company's.
    const permissionsChange = groupIds !== undefined || changes.regions !== undefined || changes.vendorPerms !== undefined || changes.tenancyPerms !== undefined || changes.companyId !== undefined
    if (actor || groupIds?.length || changes.companyId !== undefined || changes.email !== undefined) {
      const stored = await db('users').where({ id }).first()
      if (!stored) throw appError(404, 'NOT_FOUND')
      if (actor) checkPatch(actor, stored, data)
      if (groupIds?.length) await checkGroups(db, groupIds, { domain: stored.domain, regions: changes.regions ?? stored.regions }, params.region ?? 'GLOBAL')
      if (changes.email !== undefined) await checkExternalName(db, { userType: stored.userType, email: changes.email }, params.region ?? 'GLOBAL')
      // A sub-account moved to another company counts against that company's cap (locked until the commit).
      if (changes.companyId != null && changes.companyId !== stored.companyId) {
        await this.inTransaction(params, (trx) => checkSubAccountCap(trx, { companyId: changes.companyId, userType: stored.userType }))
      }
    }
    if (permissionsChange) {
      if (groupIds !== undefined) await this.replaceGroups(db, id, params.region ?? 'GLOBAL', groupIds)
      changes.permissionVersion = db.raw('permission_version + 1')
    }
    const result = await super.patch(id, changes, params)
    this.afterCommit(params, id)
    return result
  }

  /** Sends (again) the mail with the link where the user sets a password. */
  async invite(data: { id: number }, params: UserParams = {}) {
    return this.transition(data.id, 'invite', params, async (db) => {
      await db('users').where({ id: data.id }).update({ invitedAt: new Date() })
      await this.sendInvite(db, data.id, params)
    })
  }

  async lock(data: { id: number }, params: UserParams = {}) {
    return this.transition(data.id, 'lock', params, (db) => db('users').where({ id: data.id }).update({ lockedAt: new Date() }))
  }

  async unlock(data: { id: number }, params: UserParams = {}) {
    return this.transition(data.id, 'unlock', params, (db) => db('users').where({ id: data.id }).update({ lockedAt: null, failedLogins: 0 }))
  }

  async enable(data: { id: number }, params: UserParams = {}) {
    return this.transition(data.id, 'enable', params, (db) => db('users').where({ id: data.id }).update({ enabled: true, lockedAt: null, failedLogins: 0 }))
  }

  async disable(data: { id: number }, params: UserParams = {}) {
    return this.transition(data.id, 'disable', params, (db) => db('users').where({ id: data.id }).update({ enabled: false }))
  }

  /** Load in the region, check the ability and the account workflow, apply, and answer the record. */
  private async transition(id: number, action: string, params: UserParams, apply: (db: Knex) => Promise<unknown>) {
    const db = this.trx(params)
    const record = await this.createQuery({ ...params, query: {} })
      .where('users.id', id)
      .first()
    if (!record) throw appError(404, 'NOT_FOUND')
    if (params.provider && !params.ability?.can(action, subject('users', record))) throw appError(403, 'FORBIDDEN')
    // Whoever locks or disables their own account locks themselves out: a master account, or the last administrator.
    if (params.user && Number(params.user.id) === Number(id) && (action === 'lock' || action === 'disable')) throw appError(409, 'OWN_ACCOUNT_STATE')
    accountWorkflow.next(accountState(record), action)
    await apply(db)
    await db('users').where({ id }).update({ updatedAt: new Date() })
    this.afterCommit(params, id)
    return this._get(id, { ...params, query: {} })
  }

  private afterCommit(params: UserParams, id: number) {
    const invalidate = () => this.app.get('invalidation').publish({ kind: 'user', id: Number(id) })
    if (params.afterCommit) params.afterCommit.push(invalidate)
    else void invalidate()
  }

  private async replaceGroups(db: Knex, userId: number, region: string, groupIds: number[]) {
    await db('user_groups').where({ userId, region }).delete()
    if (groupIds.length) await db('user_groups').insert(groupIds.map((groupId) => ({ userId, groupId, region })))
  }

  private async sendInvite(db: Knex, userId: number, params: UserParams) {
    const user = await db('users').where({ id: userId }).first()
    const token = await issueToken(db, userId, 'invite', inviteValidityMs)
    const mailer = this.app.get('mailer')
    const send = () =>
      mailer?.enqueue({
        template: 'account.invite',
        to: [user.email],
        region: params.region,
        regions: accountMailRegions(user),
        data: { displayName: user.displayName, username: user.username, link: mailLink(this.app, params, '/pub/resetpwd', { token, invite: 1 }) }
      })
    if (params.afterCommit) params.afterCommit.push(send)
    else await send()
  }
}
