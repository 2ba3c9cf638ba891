import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { formatAmount, fromCents } from '../../../../format/format.shared.js'
import { mailLink } from '../../../../mail/links.js'
import { projectVendorMailboxes } from '../projects/project-mail.js'
import type { ClaimHistoryEntry } from '../../claims/submission.workflow.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'

/*
 * The claim's mails (spec §9 e-mail templates; issue 12 item 10), each in its recipient's language
 * (the mailer picks it per receiver), queued after the commit so a rolled-back write mails no one:
 * - "submission submitted": the project's person in charge and the claim's inspector;
 * - "submission accepted": the vendor's master account and its sub-accounts with the Projects
 *   toggle, with the claim's order, the action and the approver's note;
 * - "inspector assigned": the inspector.
 */

const queue = (app: Application, params: Params, mail: any) => sendAfterCommit(app, params, [mail])

const amountOf = (project: any, cents: unknown) => `${project.currency} ${formatAmount(fromCents(Number(cents ?? 0)))}`

async function staffMailboxes(db: Knex, ids: Array<number | null | undefined>): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))]
  if (!wanted.length) return []
  return db('users').whereIn('id', wanted).where({ enabled: true }).whereNotNull('email').orderBy('id').pluck('email')
}

export async function mailSubmissionSubmitted(app: Application, params: Params, db: Knex, project: any, claim: any) {
  const to = await staffMailboxes(db, [project.managedBy, claim.inspectorId])
  if (!to.length) return
  const company = await db('companies').where({ id: project.companyId }).first('name')
  queue(app, params, {
    template: 'project.submission-submitted',
    to,
    region: project.region,
    data: {
      number: project.number,
      order: claim.order,
      version: claim.version,
      vendor: company?.name ?? '',
      amount: amountOf(project, claim.completionAmountCents),
      invoiceNumber: claim.invoiceNumber ?? '',
      link: mailLink(app, params, `/projects/${project.id}/submissions/${claim.id}`)
    }
  })
}

export async function mailSubmissionAccepted(app: Application, params: Params, db: Knex, project: any, claim: any, entry: ClaimHistoryEntry) {
  const to = await projectVendorMailboxes(db, project.region, project.companyId)
  if (!to.length) return
  queue(app, params, {
    template: 'project.submission-accepted',
    to,
    region: project.region,
    data: {
      number: project.number,
      order: claim.order,
      action: String(entry.action),
      note: entry.note ?? '—',
      amount: amountOf(project, claim.completionAmountCents),
      link: mailLink(app, params, `/vendors/projects/${project.id}/submissions/${claim.id}`)
    }
  })
}

export async function mailInspectorAssigned(app: Application, params: Params, db: Knex, project: any, claim: any) {
  const to = await staffMailboxes(db, [claim.inspectorId])
  if (!to.length) return
  queue(app, params, {
    template: 'project.inspector-assigned',
    to,
    region: project.region,
    data: { number: project.number, order: claim.order, link: mailLink(app, params, `/projects/${project.id}/submissions/${claim.id}`) }
  })
}
