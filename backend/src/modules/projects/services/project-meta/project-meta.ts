import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { projectMetaPath, type ProjectMeta } from './project-meta.shared.js'
import { tenderStatuses } from '../../../tenders/module.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectMetaPath]: ProjectMetaService
  }
}

const projectMetaQuery = Type.Object(
  {
    numberType: Type.Union([Type.Literal('PO'), Type.Literal('CONTRACT')]),
    /** Semicolon or comma separated numbers, or a list; a part of a number (2 characters or more) when `search` is set. */
    numbers: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })])),
    search: Type.Optional(Type.String({ minLength: 2, maxLength: 64 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'ProjectMetaQuery', additionalProperties: false }
)
const projectMetaQueryValidator = getValidator(projectMetaQuery, queryValidator)

const servicePath = { PO: 'purchase-orders', CONTRACT: 'contracts' } as const

/**
 * The numbers a project may start from (spec §8 project-meta, by-numbers/latest): the purchase
 * orders or contracts named (or matching `search`) that the caller reads through their own
 * service's rules, each with its latest revision, whether its tender is awarded and whether a live
 * project already uses it. Only staff who may create projects ask (403 otherwise).
 */
export class ProjectMetaService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<ProjectMeta[]> {
    if (params.provider && !params.ability?.can('create', 'projects')) throw appError(403, 'FORBIDDEN')
    const { numberType, numbers, search } = (params.query ?? {}) as { numberType: 'PO' | 'CONTRACT'; numbers?: string | string[]; search?: string }
    const wanted = (Array.isArray(numbers) ? numbers : String(numbers ?? '').split(/[;,]/)).map((number) => number.trim()).filter(Boolean)
    if (!wanted.length && !search) throw appError(400, 'VALIDATION_FAILED', { details: 'numbers' })
    const query: Record<string, unknown> = { $limit: 100, $sort: { number: 1 } }
    if (wanted.length) query.number = { $in: wanted.slice(0, 100) }
    else query.number = { $ilike: `%${search!.replace(/[%_\\]/g, (c) => `\\${c}`)}%` }
    const found: any = await (this.app.service(servicePath[numberType] as any) as any).find({ ...callerParams(params), query })
    const rows: any[] = Array.isArray(found) ? found : (found?.data ?? [])
    if (!rows.length) return []
    const db = this.app.get('knex')
    const tenders = await tenderStatuses(
      db,
      rows.map((row) => row.tenderId)
    )
    const column = numberType === 'PO' ? 'purchaseOrderId' : 'contractId'
    const usedRows: any[] = await db('projects')
      .whereIn(
        column,
        rows.map((row) => row.id)
      )
      .whereNot({ status: 'CANCELLED' })
      .select(`${column} as purchaseId`)
    const used = new Set<number>(usedRows.map((row) => Number(row.purchaseId)))
    const latest = new Map<string, number>()
    for (const row of rows) {
      const key = row.number.toLowerCase()
      latest.set(key, Math.max(latest.get(key) ?? -1, Number(row.revisionNum ?? 0)))
    }
    return rows.map((row) => ({
      numberType,
      number: row.number,
      id: row.id,
      revisionNum: numberType === 'CONTRACT' ? Number(row.revisionNum ?? 0) : null,
      latestRevision: numberType === 'CONTRACT' ? (latest.get(row.number.toLowerCase()) ?? 0) : null,
      tenderId: row.tenderId,
      companyId: row.companyId,
      siteId: row.siteId,
      currency: row.currency,
      amount: Number(row.amount),
      isAwarded: row.status === 'ACTIVE' && tenders.get(row.tenderId) === 'AWARDED',
      isUsed: used.has(Number(row.id))
    }))
  }
}

export const projectMeta = (app: Application) => {
  app.use(projectMetaPath, new ProjectMetaService(app), { methods: ['find'], events: [], regional: true, feature: 'HONGKONG_LAND_PROJECTS', audit: false } as any)
  app.service(projectMetaPath).hooks({ before: { find: [schemaHooks.validateQuery(projectMetaQueryValidator)] } } as any)
}
