import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { sendTenancyMail, staffHolding, tenancyFacts, type MailedTenancy } from '../../mail/tenancy-mail.js'
import { assertMayOnTenancy } from '../tenancies/tenancies.access.js'
import { masterAccountType } from '../tenancy-accounts/tenancy-accounts.shared.js'
import type { TenancyInvitationRequestData } from './invitation-requests.schema.js'
import type { TenancyInvitationRequestResult, TenancyInvitationRequestState } from './invitation-requests.shared.js'
import '../../mail/templates.js'

/** Before anything else: staff who read tenancy records at all (tenants, vendors and the rest: 403). */
export const invitationRequesters = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const user = params.user
  if (!user || portalOf(user.userType) !== 'staff' || !params.ability?.can('read', 'tenancies')) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * The mail "invitation request" (spec §9 "Tenancies: ... invitation request"). Our reading,
 * since the spec names the template only: inviting a tenancy's master account is the account
 * administrators' right (`tenancy-accounts` create and invite, System Admin in the demo), while
 * the staff in charge of a tenancy (a project manager who created it) may lack it. They ask:
 * `POST tenancy-invitation-requests { tenancyId, email, displayName, remarks? }` mails every
 * landlord user of the region who may invite that tenancy's master account (found by permission
 * on the tenancy, as the other tenancy mails), each in their language, with the person to invite
 * and a link to the tenancy. Tenants ask their master account instead, who invites sub-accounts
 * itself, so the call is staff's.
 * - tenants, vendors: 403; staff who do not read the tenancy: 403 (another region's or an
 *   unknown tenancy: 404), before anything else is answered;
 * - a tenancy that already has its master account: 409 MASTER_ACCOUNT_EXISTS;
 * - nobody (but the caller) who may invite it: 409 NO_INVITER, so the request is never lost silently.
 * The request is a mail, not a record: the audit log keeps who asked for whom.
 */
export class TenancyInvitationRequestService {
  constructor(private app: Application) {}

  /** The tenancy named, as the caller reads it: 404 outside the region or unknown, 403 beyond the caller's tenancy rights. */
  private async tenancy(tenancyId: number, params: Params): Promise<MailedTenancy> {
    const db = params.transaction?.trx ?? this.app.get('knex')
    const tenancy: MailedTenancy | undefined = await db('tenancies').where({ id: tenancyId }).first('id', 'region', 'companyId', 'companyName', 'tradeName', 'buildingId', 'type', 'managedBy')
    if (!tenancy || (params.region && tenancy.region !== params.region)) throw appError(404, 'NOT_FOUND')
    assertMayOnTenancy(params, 'read', tenancy as any)
    return tenancy
  }

  private async hasMasterAccount(tenancyId: number, params: Params) {
    const db = params.transaction?.trx ?? this.app.get('knex')
    return Boolean(await db('users').where({ tenancyId, userType: masterAccountType }).first('id'))
  }

  /** Who may invite the tenancy's master account, the caller aside. */
  private inviters(tenancy: MailedTenancy, params: Params) {
    const account = subject('tenancy-accounts', { tenancyId: tenancy.id, userType: masterAccountType })
    return staffHolding(this.app, tenancy, (ability) => ability.can('create', account as any) && ability.can('invite', account as any), params.user?.id)
  }

  /** Whether the screen offers the request: the tenancy has no master account yet and someone may invite one. */
  async get(id: number | string, params: Params = {}): Promise<TenancyInvitationRequestState> {
    const tenancyId = Number(id)
    if (!Number.isSafeInteger(tenancyId) || tenancyId < 1 || tenancyId > 2_147_483_647) throw appError(404, 'NOT_FOUND')
    const tenancy = await this.tenancy(tenancyId, params)
    const hasMasterAccount = await this.hasMasterAccount(tenancy.id, params)
    return { id: tenancy.id, tenancyId: tenancy.id, hasMasterAccount, inviters: hasMasterAccount ? 0 : (await this.inviters(tenancy, params)).length }
  }

  async create(data: TenancyInvitationRequestData, params: Params = {}): Promise<TenancyInvitationRequestResult> {
    const user = params.user
    const tenancy = await this.tenancy(data.tenancyId, params)
    if (await this.hasMasterAccount(tenancy.id, params)) throw appError(409, 'MASTER_ACCOUNT_EXISTS')
    const recipients = await this.inviters(tenancy, params)
    if (!recipients.length) throw appError(409, 'NO_INVITER')
    const email = data.email.trim()
    const displayName = data.displayName.trim()
    sendTenancyMail(this.app, params, 'tenancy.invitation-request', recipients, tenancy.region, {
      ...(await tenancyFacts(this.app, params, tenancy)),
      requestedBy: String(user?.displayName || user?.username || '-'),
      displayName,
      email,
      remarks: data.remarks?.trim() || '-'
    })
    return { id: tenancy.id, tenancyId: tenancy.id, email, displayName, recipients: recipients.length }
  }
}
