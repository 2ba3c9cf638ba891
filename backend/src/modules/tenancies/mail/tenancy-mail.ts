import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { AppAbility } from '../../../abilities/define-rules.js'
import type { Application } from '../../../declarations.js'
import { mailLink } from '../../../mail/links.js'
import type { MailTemplateData } from '../../../mail/templates.js'
import type { Worded } from './templates.js'
import { sendAfterCommit } from '../../../mail/send-after-commit.js'

/** The tenancy types as the mails name them (the screens' `tenancies.type`). */
const typeWords: Record<string, Worded> = { O: { 'en-US': 'Office', 'zh-CN': '写字楼' }, R: { 'en-US': 'Retail', 'zh-CN': '零售' } }

export interface MailedTenancy {
  id: number
  region: string
  companyId: number
  companyName: string
  tradeName: string | null
  buildingId: number | null
  type: string
  managedBy: number | null
}

/**
 * The landlord users a tenancy mail goes to (spec §9 "recipients are landlord users found by
 * permission per building and tenancy type"): enabled staff accounts authorised in the tenancy's
 * region whose abilities there, asked about this tenancy record (its building, type and who is in
 * charge are on it), say yes. The one who acted is not told of their own act. Each answered with
 * the e-mail the mailer sends to, in that account's language.
 */
export async function staffHolding(app: Application, tenancy: MailedTenancy, holds: (ability: AppAbility) => boolean, exceptUserId?: number): Promise<string[]> {
  const db: Knex = app.get('knex')
  const candidates: Array<{ id: number; email: string }> = await db('users')
    .whereBetween('userType', [500, 599])
    .where({ enabled: true })
    .whereNull('lockedAt')
    .whereRaw('regions @> ARRAY[?]::varchar[]', [tenancy.region])
    .whereExists(db('user_groups').whereRaw('user_groups.user_id = users.id').where('user_groups.region', tenancy.region))
    .whereNot('email', '')
    .orderBy('id')
    .select('id', 'email')
  const principals = app.get('principals')
  const holders: string[] = []
  for (const candidate of candidates) {
    if (candidate.id === exceptUserId) continue
    const principal = await principals.get(candidate.id)
    if (principal && holds(principal.forRegion(tenancy.region).ability)) holders.push(candidate.email)
  }
  return holders
}

/** The facts every tenancy mail prints: names, building code, the staff screen of the record. */
export async function tenancyFacts(app: Application, params: Params | undefined, tenancy: MailedTenancy) {
  const building = tenancy.buildingId ? await app.get('knex')('buildings').where({ id: tenancy.buildingId }).first('code') : undefined
  return {
    companyName: tenancy.companyName,
    tradeName: tenancy.tradeName ?? '',
    building: building?.code ?? '-',
    type: typeWords[tenancy.type] ?? { 'en-US': tenancy.type, 'zh-CN': tenancy.type },
    link: mailLink(app, params as any, `/tenancies/view/${tenancy.id}`)
  }
}

/**
 * One mail per recipient (nobody learns who else was told), each in its account's language, sent
 * after the write commits so a rolled-back write mails no one. Answers how many were addressed.
 */
export function sendTenancyMail<T extends 'tenancy.created' | 'tenancy.invitation-request'>(
  app: Application,
  params: Params & { afterCommit?: Array<() => unknown> },
  template: T,
  recipients: string[],
  region: string,
  data: MailTemplateData[T]
): number {
  if (!recipients.length) return 0
  sendAfterCommit(
    app,
    params,
    recipients.map((to) => ({ template, to, region, data }) as any)
  )
  return recipients.length
}
