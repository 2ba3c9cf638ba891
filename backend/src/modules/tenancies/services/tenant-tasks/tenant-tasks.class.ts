import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { getSetting } from '../../../../settings-values.js'
import { inviteValidityMs } from '../../../../services/users/users.shared.js'
import { narrowTenancies } from '../tenancies/tenancies.access.js'
import { tenancyAccountTypes } from '../tenancy-accounts/tenancy-accounts.shared.js'
import { TENANT_TASKS_SHOWN, type ContactsTask, type InvitationTask, type TenancyItem, type TenantTasks } from './tenant-tasks.shared.js'

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString())

/**
 * `GET tenant-tasks`: what the tenant must do, counted in one call within the caller's rights
 * (issue 11 item 9, spec §2 "tenant dashboard"):
 * - contacts to confirm: the ACTIVE tenancies the caller reads (`narrowTenancies`: its own as
 *   master or with TenancyRecord, a master also its company's) whose contacts were never
 *   confirmed or not within `tenancies.contactConfirmDays`; exactly those the caller may confirm
 *   (`assertMayConfirm` allows the same set);
 * - invitations: the accounts of its tenancy invited and not signed up yet, for whoever reads the
 *   tenancy's accounts (the master account's group, a SubAdmin's perm: `tenancy-accounts` own);
 * - its tenancy records: the first few the caller reads, and how many.
 * A part the caller has no right to is `null`. Staff and vendors are refused (403): the tasks are a
 * tenant's; staff read the same facts on the tenancy screens.
 */
export class TenantTaskService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<TenantTasks> {
    const user = params.user
    if (!user || portalOf(user.userType) !== 'tenants') throw appError(403, 'FORBIDDEN')
    const db: Knex = this.app.get('knex')
    const region = params.region ?? 'GLOBAL'
    const ability = params.ability
    const readsTenancies = Boolean(ability?.can('read', 'tenancies'))
    const readsAccounts = user.tenancyId != null && Boolean(ability?.can('read', subject('tenancy-accounts', { tenancyId: user.tenancyId }) as any))
    // Without a provider narrowTenancies trusts the caller: these are always the user's own.
    const own = { ...params, provider: params.provider ?? 'internal' }
    const [contacts, invitations, tenancies] = await Promise.all([
      readsTenancies ? this.contacts(db, region, own) : null,
      readsAccounts ? this.invitations(db, region, user.tenancyId!) : null,
      readsTenancies ? this.tenancies(db, region, own) : null
    ])
    return { contacts, invitations, tenancies }
  }

  private readTenancies(db: Knex, region: string, params: Params) {
    return narrowTenancies(db('tenancies').leftJoin('buildings', 'buildings.id', 'tenancies.buildingId').where('tenancies.region', region), params)
  }

  private async contacts(db: Knex, region: string, params: Params): Promise<TenantTasks['contacts']> {
    const days = Number(await getSetting(db, region, 'tenancies.contactConfirmDays'))
    const before = new Date(Date.now() - days * 86_400_000)
    const stale = this.readTenancies(db, region, params)
      .where('tenancies.status', 'ACTIVE')
      .where((inner) => inner.whereNull('tenancies.confirmedAt').orWhere('tenancies.confirmedAt', '<', before))
    const [{ count }] = await stale.clone().count({ count: '*' })
    // Never confirmed first, the newest record first among them (nobody has looked at it yet), then the longest unconfirmed.
    const rows = await stale
      .orderByRaw('tenancies.confirmed_at ASC NULLS FIRST, tenancies.id DESC')
      .limit(TENANT_TASKS_SHOWN)
      .select('tenancies.id', 'tenancies.companyName', 'tenancies.tradeName', 'tenancies.confirmedAt', 'buildings.code as buildingCode')
    const items: ContactsTask[] = rows.map((row: any) => ({
      tenancyId: row.id,
      companyName: row.companyName,
      tradeName: row.tradeName ?? null,
      buildingCode: row.buildingCode ?? null,
      confirmedAt: iso(row.confirmedAt)
    }))
    return { count: Number(count), days, items }
  }

  private async invitations(db: Knex, region: string, tenancyId: number): Promise<TenantTasks['invitations']> {
    // INVITED in the account workflow: enabled, not locked, no password yet (account.workflow.ts).
    const invited = db('users')
      .where({ tenancyId, enabled: true })
      .whereIn('userType', [...tenancyAccountTypes])
      .whereNull('password')
      .whereNull('lockedAt')
      .whereRaw('regions @> ARRAY[?]::varchar[]', [region])
    const expiredBefore = new Date(Date.now() - inviteValidityMs)
    const [{ count, expired }] = await invited.clone().select(db.raw('count(*)::int AS count'), db.raw('count(*) FILTER (WHERE invited_at IS NULL OR invited_at < ?)::int AS expired', [expiredBefore]))
    const rows = await invited
      .orderByRaw('invited_at ASC NULLS FIRST, id ASC')
      .limit(TENANT_TASKS_SHOWN)
      .select('id', 'tenancyId', 'username', 'displayName', 'email', 'userType', 'tenancyPerms', 'invitedAt', 'updatedAt')
    const items: InvitationTask[] = rows.map((row: any) => ({
      id: row.id,
      tenancyId: row.tenancyId,
      username: row.username,
      displayName: row.displayName,
      email: row.email,
      userType: row.userType,
      tenancyPerms: row.tenancyPerms ?? [],
      invitedAt: iso(row.invitedAt),
      expired: row.invitedAt == null || new Date(row.invitedAt).getTime() < expiredBefore.getTime(),
      updatedAt: iso(row.updatedAt)!
    }))
    return { count: Number(count), expired: Number(expired), items }
  }

  private async tenancies(db: Knex, region: string, params: Params): Promise<TenantTasks['tenancies']> {
    const read = this.readTenancies(db, region, params)
    const [{ count }] = await read.clone().count({ count: '*' })
    const rows = await read
      .orderBy([{ column: 'tenancies.companyName' }, { column: 'tenancies.id' }])
      .limit(TENANT_TASKS_SHOWN)
      .select('tenancies.id', 'tenancies.companyName', 'tenancies.tradeName', 'tenancies.type', 'tenancies.status', 'buildings.code as buildingCode')
    const items: TenancyItem[] = rows.map((row: any) => ({
      id: row.id,
      companyName: row.companyName,
      tradeName: row.tradeName ?? null,
      buildingCode: row.buildingCode ?? null,
      type: row.type,
      status: row.status
    }))
    return { count: Number(count), items }
  }
}
