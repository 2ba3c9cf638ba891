import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { getSetting } from '../../../../settings-values.js'
import { renderTemplate } from '../../../../mail/templates.js'
import { pickLanguage } from '../../../../i18n/languages.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { caslAllows } from '../../../../kit/access.js'
import { mailEach, projectLink, projectNames, staffHolding, tenantRecipients } from '../tenant-project-inspections/control-mail.js'
import { projectToControl } from '../tenant-project-inspections/project-to-control.js'
import { pointsRemoved, seesPoints } from './green-fitouts.access.js'
import { greenFitoutWorkflow, type GreenFitoutState } from './green-fitout.workflow.js'
import { recognitionThresholdSetting } from './green-fitouts.shared.js'
import '../../mail/green-fitout-templates.js'

const UNIQUE_VIOLATION = '23505'

/** A row without its points for a caller who may not read them (spec §6 "read points"). */
export function withoutPoints<T extends Record<string, any>>(row: T, params: Params): T {
  if (!row || typeof row !== 'object' || seesPoints(params)) return row
  return pointsRemoved(row)
}

/** One line of the scheme's history (spec §3 "history types SUBMISSION, GUIDELINE; history action types ..."). */
export async function recordGreenHistory(
  db: Knex,
  fitout: { id: number; projectId: number; region: string },
  actionType: string,
  params: Params,
  { folderId = null, comment = '', type = 'SUBMISSION' }: { folderId?: number | null; comment?: string; type?: string } = {}
) {
  await db('green_fitout_histories').insert({ region: fitout.region, projectId: fitout.projectId, greenFitoutId: fitout.id, folderId, type, actionType, comment, userId: params.user?.id ?? null })
}

/** The scheme's totals, summed from its ACCEPTED folders on this read (the view `green_fitout_totals`; never stored). */
export async function totalsOf(db: Knex, ids: number[]): Promise<Map<number, { totalPoints: number; claimedPoints: number; folderCount: number; acceptedCount: number }>> {
  if (!ids.length) return new Map()
  const rows = await db('green_fitout_totals').whereIn('green_fitout_id', ids).select('greenFitoutId', 'totalPoints', 'claimedPoints', 'folderCount', 'acceptedCount')
  return new Map(
    rows.map((row: any) => [Number(row.greenFitoutId), { totalPoints: row.totalPoints, claimedPoints: row.claimedPoints, folderCount: row.folderCount, acceptedCount: row.acceptedCount }])
  )
}

const stepWords = {
  start: { 'en-US': 'started: please upload into its folders', 'zh-CN': '已开始：请上载各文件夹的文件' },
  hold: { 'en-US': 'put on hold: you may upload again', 'zh-CN': '已暂停：您可再次上载文件' },
  resume: { 'en-US': 'resumed: the review goes on', 'zh-CN': '已恢复审核' },
  cancel: { 'en-US': 'cancelled', 'zh-CN': '已取消' }
} as const

const historyOf = { start: 'START_LETTER', hold: 'ON_HOLD', resume: 'RESUME', complete: 'COMPLETE', cancel: 'CANCEL' } as const
type FitoutAction = keyof typeof historyOf

/**
 * A project's green fit-out (spec §3, §4 "Green fit-out statuses"; issue 30 item 9): one current
 * per project (the partial unique index: 409 for a second), moved by its table
 * (green-fitout.workflow.ts); completing it decides `complied` (no folder left undecided) and
 * `recognised` (the ACCEPTED points reach the region's threshold, the setting
 * `tenantProjects.greenFitout.recognitionPoints`); the letter is previewed and sent (then resent)
 * to the project's people. Its total is summed on every read. Who reads: green-fitouts.access.ts.
 */
export class GreenFitoutService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'green-fitouts' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    return super._find({ ...params, query: { $sort: { id: -1 }, ...(params.query ?? {}) } } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  /** The project's green fit-out, DRAFT: by staff who may start one (spec §6 "start"). */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectToControl(db, Number(data.projectId), inner, 'green-fitouts', 'start')
      const [stored] = await db('green_fitouts')
        .insert({ projectId: project.id, region: project.region, tenancyId: project.tenancyId, status: 'DRAFT', createdBy: inner.user?.id ?? null, updatedBy: inner.user?.id ?? null }, '*')
        .catch((error) => {
          if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'GREEN_FITOUT_EXISTS')
          throw error
        })
      await recordGreenHistory(db, stored, 'ADD', inner)
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  private move(action: FitoutAction, id: number, params: WorkflowParams) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      let decided: Record<string, unknown> = {}
      const stored = await this.runTransition<any, GreenFitoutState>({
        id,
        action,
        params: inner,
        workflow: greenFitoutWorkflow,
        facts: (record) => record,
        apply: async (_db, record, _related, to) => {
          if (to !== 'COMPLETED') return
          // Spec §4 "complied and recognised": decided once, on the folders as they stand.
          const folders = await db('green_fitout_folders').where({ greenFitoutId: record.id }).select('status')
          const totals = (await totalsOf(db, [record.id])).get(record.id)
          const threshold = Number(await getSetting(db, record.region, recognitionThresholdSetting))
          decided = {
            complied: folders.length > 0 && folders.every((folder: any) => folder.status === 'ACCEPTED' || folder.status === 'REJECTED'),
            recognised: (totals?.totalPoints ?? 0) >= threshold,
            thresholdPoints: threshold,
            completedAt: new Date()
          }
          return decided
        },
        write: (to, record) => ({
          status: to,
          updatedBy: inner.user?.id ?? null,
          onHold: action === 'hold' ? true : action === 'resume' || to !== 'UNDER_REVIEW' ? false : record.onHold,
          ...(action === 'start' ? { startedAt: new Date() } : {})
        })
      })
      await recordGreenHistory(db, stored, historyOf[action], inner)
      if (action !== 'complete') await this.mailStep(stored, action, inner)
      return stored
    })
  }

  private async mailStep(record: any, action: Exclude<FitoutAction, 'complete'>, params: WorkflowParams) {
    const db: Knex = this.app.get('knex')
    const project = await projectNames(db, record.projectId)
    if (!project) return
    return mailEach(this.app, params, await tenantRecipients(db, project), 'green-fitout.step', project.region, (recipient) => ({
      projectName: project.projectName,
      companyName: project.companyName ?? '',
      link: projectLink(this.app, params, recipient, project.id, 'greenFitout'),
      step: stepWords[action]
    }))
  }

  start(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('start', data.id, params)
  }

  /** Spec §4 "on hold lets the tenant upload and staff resume". */
  hold(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('hold', data.id, params)
  }

  resume(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('resume', data.id, params)
  }

  complete(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('complete', data.id, params)
  }

  cancel(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('cancel', data.id, params)
  }

  /** A comment (spec §3 "sub-tabs comment and guideline"): on the scheme or one of its folders; staff with `comment`. */
  async comment(data: { id: number; comment: string; folderId?: number; type?: string }, params: WorkflowParams = {}) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const record = await this.lockForWrite(data.id, inner)
      this.assertCan(inner, 'comment', record)
      if (data.folderId && !(await db('green_fitout_folders').where({ id: data.folderId, greenFitoutId: record.id }).first('id'))) throw appError(404, 'NOT_FOUND')
      await recordGreenHistory(db, record, 'ADD', inner, { folderId: data.folderId ?? null, comment: data.comment.trim(), type: data.type ?? 'SUBMISSION' })
      ;(inner as any).written = { service: this, record }
      return record
    })
  }

  /** The result letter's data: the points of the ACCEPTED folders and the recognition decided on completion. */
  private async letter(record: any) {
    const db: Knex = this.app.get('knex')
    const project = await projectNames(db, record.projectId)
    const totals = (await totalsOf(db, [record.id])).get(record.id)
    const threshold = record.thresholdPoints ?? Number(await getSetting(db, record.region, recognitionThresholdSetting))
    return {
      project,
      data: {
        projectName: project?.projectName ?? '',
        companyName: project?.companyName ?? '',
        totalPoints: String(totals?.totalPoints ?? 0),
        thresholdPoints: String(threshold),
        recognised: record.recognised ? { 'en-US': 'recognised', 'zh-CN': '获认可' } : { 'en-US': 'not recognised', 'zh-CN': '未获认可' }
      }
    }
  }

  /** The letter as the project's people would read it, in the caller's language (spec §6 "preview"); nothing is sent. */
  async preview(data: { id: number }, params: WorkflowParams = {}) {
    const record = await this.lockForWrite(data.id, params)
    this.assertCan(params, 'preview', record)
    const { data: letter } = await this.letter(record)
    const rendered = renderTemplate('green-fitout.result', (params as any).language ?? pickLanguage(params.headers?.['accept-language']), { ...letter, link: '' })
    return { ...record, letter: { subject: rendered.subject, text: rendered.text } }
  }

  /** Sends the result letter to the project's people (spec §3 history SEND, then RESEND); only once the scheme is COMPLETED. */
  async send(data: { id: number }, params: WorkflowParams = {}) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const record = await this.lockForWrite(data.id, inner)
      this.assertCan(inner, 'send', record)
      if (record.status !== 'COMPLETED') throw appError(409, 'GREEN_FITOUT_NOT_COMPLETED', { status: record.status })
      const [stored] = await db('green_fitouts')
        .where({ id: record.id })
        .update({ sentAt: new Date(), sentCount: db.raw('sent_count + 1'), updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
      await recordGreenHistory(db, stored, record.sentCount > 0 ? 'RESEND' : 'SEND', inner)
      const { project, data: letter } = await this.letter(stored)
      if (project)
        mailEach(this.app, inner, await tenantRecipients(db, project), 'green-fitout.result', project.region, (recipient) => ({
          ...letter,
          link: projectLink(this.app, inner, recipient, project.id, 'greenFitout')
        }))
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }
}

/** The reviewers of a region (`review` on green fit-outs): told when the tenant hands a folder in. */
export const reviewersOf = (app: Application, region: string) => staffHolding(app, region, (ability) => ability.can('review', 'green-fitouts'))

/** Whether the caller is on the staff side of the scheme with `permission` (internal calls are). */
export const staffMay = (params: Params, permission: string, record: Record<string, unknown> = {}) => caslAllows(params, permission, 'green-fitouts', record)
