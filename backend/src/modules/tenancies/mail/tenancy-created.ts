import { subject } from '@casl/ability'
import type { HookContext } from '../../../declarations.js'
import { sendTenancyMail, staffHolding, tenancyFacts, type MailedTenancy } from './tenancy-mail.js'
import './templates.js'

/**
 * After a tenancy record is created (spec §9 mail "Tenancies: create"): the landlord users who
 * hold the tenancy rights on it, reading the record and opening its detail (spec §6 tenancy
 * "detail"; an `any` grant, or `own` when in charge of it), hear of it in their language, with a
 * link to its screen, all but the creator.
 */
export const mailTenancyCreated = async (context: HookContext) => {
  const tenancy = context.result as MailedTenancy | undefined
  if (!tenancy?.id) return context
  const { app, params } = context
  const record = subject('tenancies', { ...tenancy }) as any
  const recipients = await staffHolding(app, tenancy, (ability) => ability.can('read', record) && ability.can('detail', record), params.user?.id)
  if (!recipients.length) return context
  const createdBy = String(params.user?.displayName || params.user?.username || '-')
  sendTenancyMail(app, params, 'tenancy.created', recipients, tenancy.region, { ...(await tenancyFacts(app, params, tenancy)), createdBy })
  return context
}
