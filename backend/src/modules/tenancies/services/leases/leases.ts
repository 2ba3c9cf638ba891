import type { Knex } from 'knex'
import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { appError } from '../../../../errors.js'
import { knexOperators } from '../../../../kit/query.js'
import { PortalKnexService } from '../../../../kit/knex-service.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { staffOnly } from '../tenancies/tenancies.access.js'
import { leaseDataValidator, leaseImportValidator, leasePatchValidator, leaseQueryValidator, leaseSchema, type Lease } from './leases.schema.js'
import { leaseTypes, leasesMethods, leasesPath } from './leases.shared.js'
import { readLeaseSheet } from './lease-import.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { storedBytes } from '../../../../storage/create-storage.js'
import { withTransaction } from '../../../../db/transaction.js'
import { isoDay } from '../../../../format/format.shared.js'
import { caslAccess } from '../../../../kit/access.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [leasesPath]: LeaseService
  }
}

/** Lease dates are calendar days: 'yyyy-mm-dd', whatever the server's zone. */
const asDays = (lease: any) => (lease ? { ...lease, leaseStart: lease.leaseStart ? isoDay(lease.leaseStart) : null, leaseEnd: lease.leaseEnd ? isoDay(lease.leaseEnd) : null } : lease)

const typeOrder = `array_position(ARRAY[${leaseTypes.map((type) => `'${type}'`).join(',')}]::varchar[], leases.lease_type)`

/**
 * Leases (spec tenancies §3, `GET leases?tenantNo=`): staff's, by their `leases` rules; tenants
 * never read them (spec §2 "tenant-side tenancy tabs omit leases"). Without an order of its own a
 * list goes by lease type in the spec's order (LO, LS, LP, TO, TS, SO, SS), then number.
 * Linking to a tenancy is the tenancy's (`tenancies.linkLeases`).
 */
export class LeaseService extends PortalKnexService<Lease> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  createQuery(params: any = {}) {
    const query = super.createQuery(params)
    if (!params.query?.$sort) query.clearOrder().orderByRaw(`${typeOrder}, leases.number`)
    return query
  }

  async _find(params: any = {}): Promise<any> {
    const page = await super._find(params)
    return Array.isArray(page) ? page.map(asDays) : { ...page, data: page.data.map(asDays) }
  }

  async _get(id: any, params: any = {}): Promise<any> {
    return asDays(await super._get(id, params))
  }

  /**
   * Spreadsheet import (`leases.import {fileId}` or `{content}`): each row's lease is added, or updated when its
   * number exists in the region (its tenancy link kept). Answers the counts and the rows left out.
   */
  async import(data: { content: string } | { fileId: number }, params: any = {}) {
    let sheet: Awaited<ReturnType<typeof readLeaseSheet>>
    try {
      sheet = await readLeaseSheet(await this.sheetBytes(data))
    } catch {
      throw appError(400, 'LEASE_SHEET_INVALID')
    }
    const region = params.region
    // A number given twice: its last row stands, as if the rows were read one after another.
    const byNumber = new Map(sheet.leases.map((lease) => [lease.number.toLowerCase(), lease]))
    const leases = [...byNumber.values()]
    // One statement a batch, in one transaction: 20,000 rows took 20 s one at a time.
    return withTransaction(this.app.get('knex'), params, async ({ transaction }) => {
      const db: Knex = transaction!.trx
      const known = await db('leases')
        .where({ region })
        .whereRaw('lower(number) = any(?)', [[...byNumber.keys()]] as any)
        .count('* as n')
        .first()
      const updated = Number(known?.n ?? 0)
      const columns = Object.keys(leases[0] ?? {}).filter((column) => column !== 'number')
      for (let start = 0; start < leases.length; start += 500)
        await db('leases')
          .insert(leases.slice(start, start + 500).map((lease) => ({ ...lease, region })))
          .onConflict(db.raw('(region, lower(number))'))
          .merge([...columns, 'updatedAt'] as any)
      return { id: 0, created: leases.length - updated, updated, rejected: sheet.rejected }
    })
  }

  /** The sheet's bytes: the uploaded file (read through its own rules before this), or the inline content. */
  private async sheetBytes(data: { content: string } | { fileId: number }): Promise<Buffer> {
    if ('content' in data) return Buffer.from(data.content, 'base64')
    const file = await this.app.get('knex')('files').where({ id: data.fileId }).first('storageKey')
    return storedBytes(this.app, file.storageKey)
  }
}

/** Leases are staff's: a tenant or vendor is refused (403) whatever their rules. */
const staffReads = async (context: HookContext) => {
  const user = context.params.user
  if (context.params.provider && (!user || portalOf(user.userType) !== 'staff')) throw appError(403, 'FORBIDDEN')
  return context
}

const mayImport = async (context: HookContext) => {
  if (context.params.provider && !context.params.ability?.can('import', 'leases')) throw appError(403, 'FORBIDDEN')
  return context
}

export const leases = (app: Application) => {
  app.use(leasesPath, new LeaseService({ Model: app.get('knex'), name: 'leases', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...leasesMethods],
    regional: true,
    feature: 'TENANCY_RECORDS',
    concurrency: true,
    // Staff's by their `leases` rules; tenants and vendors hold none (staffReads refuses them first).
    access: caslAccess(leasesPath)
  } as any)
  const caslCheck = authorize(leaseSchema)
  app.service(leasesPath).hooks({
    before: {
      find: [staffReads, schemaHooks.validateQuery(leaseQueryValidator), caslCheck],
      get: [staffReads, schemaHooks.validateQuery(leaseQueryValidator), caslCheck],
      create: [staffOnly, schemaHooks.validateData(leaseDataValidator), caslCheck],
      patch: [staffOnly, schemaHooks.validateData(leasePatchValidator), caslCheck],
      import: [staffOnly, mayImport, schemaHooks.validateData(leaseImportValidator), resolveReferences({ fileId: 'files' })]
    },
    after: { find: [caslCheck], get: [caslCheck], create: [caslCheck], patch: [caslCheck] }
  } as any)
}
