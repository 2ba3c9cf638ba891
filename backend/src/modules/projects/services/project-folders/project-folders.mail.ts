import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { mailLink } from '../../../../mail/links.js'
import { projectVendorMailboxes } from '../projects/project-mail.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'

/**
 * A folder's decision mails (spec §4 folders; §9 e-mail templates): when the staff in charge approve
 * or reject a folder, the vendor's master account and its sub-accounts with the Projects toggle
 * learn it, each in their language (the mailer picks it per receiver), a rejection with its
 * reason. Queued after the commit, so a rolled-back decision mails no one.
 */
export async function mailFolderDecision(app: Application, params: Params, db: Knex, project: any, folder: any, to: 'APPR' | 'REJECTED', reason: string | null) {
  const mailboxes = await projectVendorMailboxes(db, project.region, project.companyId)
  if (!mailboxes.length) return
  const link = mailLink(app, params, `/vendors/projects/${project.id}?tabIndex=1`)
  const mail =
    to === 'APPR'
      ? { template: 'project.folder-approved' as const, to: mailboxes, region: project.region, data: { number: project.number, folder: folder.name, link } }
      : { template: 'project.folder-rejected' as const, to: mailboxes, region: project.region, data: { number: project.number, folder: folder.name, reason: reason ?? '', link } }
  sendAfterCommit(app, params, [mail])
}
