import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { formatAmount, fromCents } from '../../../../format/format.shared.js'
import { mailLink } from '../../../../mail/links.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'

/**
 * The enabled vendor accounts of the company in the project's region that read its projects: the
 * master account (its Vendor Admin group) and the sub-accounts holding the Projects toggle.
 */
export async function projectVendorMailboxes(db: Knex, region: string, companyId: number): Promise<string[]> {
  return db('users')
    .where({ companyId, enabled: true })
    .whereBetween('userType', [400, 499])
    .whereRaw('regions @> ARRAY[?]::varchar[]', [region])
    .where((who) => who.where('userType', 401).orWhereRaw("vendor_perms @> ARRAY['Projects']::text[]"))
    .orderBy('id')
    .pluck('email')
}

/**
 * Spec §9 mail "project invitation": the vendor's accounts learn that the project is active, with
 * a link to it in the vendor portal; each in their own language (the mailer picks it per
 * receiver). Queued after the commit, so a rolled-back activation mails no one.
 */
export async function mailProjectInvitation(app: Application, params: Params, db: Knex, project: any) {
  const to = await projectVendorMailboxes(db, project.region, project.companyId)
  if (!to.length) return
  const site = await db('sites').where({ id: project.siteId }).first('name')
  const data = {
    number: project.revisionNum != null && project.numberType === 'CONTRACT' ? `${project.number} rev. ${project.revisionNum}` : project.number,
    site: site?.name ?? '',
    amount: `${project.currency} ${formatAmount(fromCents(project.totalAmountCents))}`,
    link: mailLink(app, params, `/vendors/projects/${project.id}`)
  }
  sendAfterCommit(app, params, [{ template: 'project.invitation', to, region: project.region, data }])
}
