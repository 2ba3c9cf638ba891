import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import type { WorkflowParams } from '../../../../kit/workflow-runner.js'
import { logger } from '../../../../logger.js'
import { mailLink } from '../../../../mail/links.js'
import { announceAuditEntries } from '../../../../services/audit-log/audit-log.announce.js'

/** The user a contractor row makes the project's main contractor (projects.access reads the same two columns). */
const mainUserOf = (row: { contractorType?: string | null; primaryContactUserId?: number | null } | null | undefined) =>
  row?.contractorType === 'MAIN' && row.primaryContactUserId != null ? Number(row.primaryContactUserId) : null

/**
 * A vendor naming another company's user its project's main contractor opens the project's site
 * part to that company (projects.access, issue 27 item 8) with no staff step: so the project's
 * own history records the appointment (an audit row on the project, in the write's transaction)
 * and its person in charge is mailed, after the commit. A user of the vendor's own company, or
 * the same user again, is no news.
 */
export async function recordOutsideAppointment(app: Application, params: WorkflowParams, db: Knex, project: any, before: any, after: any): Promise<void> {
  const userId = mainUserOf(after)
  if (userId === null || userId === mainUserOf(before)) return
  const user = await db('users').where({ id: userId }).first('id', 'username', 'displayName', 'companyId')
  if (!user || String(user.companyId) === String(project.companyId)) return
  const companies: Array<{ id: number; name: string }> = await db('companies').whereIn('id', [project.companyId, user.companyId]).select('id', 'name')
  const nameOf = (id: unknown) => companies.find((company) => String(company.id) === String(id))?.name ?? ''
  const appointment = {
    contractorId: after.id,
    mainContractorUserId: user.id,
    mainContractorUsername: user.username,
    mainContractorCompanyId: user.companyId,
    mainContractorCompanyName: nameOf(user.companyId)
  }
  const [row] = await db('audit_log').insert(
    {
      userId: params.user?.id ?? null,
      username: params.user?.username ?? null,
      region: project.region,
      action: 'projects.appointMainContractor',
      resource: 'projects',
      recordId: String(project.id),
      before: JSON.stringify({ mainContractorUserId: mainUserOf(before) }),
      after: JSON.stringify(appointment)
    },
    '*'
  )
  const manager = project.managedBy ? await db('users').where({ id: project.managedBy, enabled: true }).whereNotNull('email').first('email') : null
  const announce = async () => {
    announceAuditEntries(app, [row])
    if (!manager) return
    await app.get('mailer')?.enqueue({
      template: 'project.main-contractor-appointed',
      to: [manager.email],
      region: project.region,
      data: {
        number: project.number,
        vendor: nameOf(project.companyId),
        contractor: appointment.mainContractorCompanyName,
        user: user.displayName || user.username,
        link: mailLink(app, params, `/projects/${project.id}`, { tabIndex: 2 })
      }
    })
  }
  const afterCommit: Array<() => unknown> | undefined = (params as any).afterCommit
  if (afterCommit) afterCommit.push(announce)
  else void announce().catch((error) => logger.error('project.main-contractor-appointed mail:', error))
}
