import type { Knex } from 'knex'
import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { appError } from '../../../../errors.js'
import { knexOperators } from '../../../../services/query.js'
import { PortalKnexService } from '../../../../services/knex-service.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { staffOnly } from '../tenancies/tenancies.access.js'
import { leaseDataValidator, leaseImportValidator, leasePatchValidator, leaseQueryValidator, leaseSchema, type Lease } from './leases.schema.js'
import { leaseTypes, leasesMethods, leasesPath } from './leases.shared.js'
import { readLeaseSheet } from './lease-import.js'
import { isoDay } from '../tenancies/tenancies.shared.js'

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
   * Spreadsheet import (`leases.import {content}`): each row's lease is added, or updated when its
   * number exists in the region (its tenancy link kept). Answers the counts and the rows left out.
   */
  async import(data: { content: string }, params: any = {}) {
    let sheet
    try {
      sheet = await readLeaseSheet(Buffer.from(data.content, 'base64'))
    } catch {
      throw appError(400, 'LEASE_SHEET_INVALID')
    }
    const db: Knex = params.transaction?.trx ?? this.app.get('knex')
    const region = params.region
    let created = 0
    let updated = 0
    for (const lease of sheet.leases) {
      const existing = await db('leases').where({ region }).whereRaw('lower(number) = lower(?)', [lease.number]).first('id')
      if (existing) {
        await db('leases')
          .where({ id: existing.id })
          .update({ ...lease, updatedAt: new Date() })
        updated++
      } else {
        await db('leases').insert({ ...lease, region })
        created++
      }
    }
    return { id: 0, created, updated, rejected: sheet.rejected }
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
    concurrency: true
  } as any)
  const caslCheck = authorize(leaseSchema)
  app.service(leasesPath).hooks({
    before: {
      find: [staffReads, schemaHooks.validateQuery(leaseQueryValidator), caslCheck],
      get: [staffReads, schemaHooks.validateQuery(leaseQueryValidator), caslCheck],
      create: [staffOnly, schemaHooks.validateData(leaseDataValidator), caslCheck],
      patch: [staffOnly, schemaHooks.validateData(leasePatchValidator), caslCheck],
      import: [staffOnly, mayImport, schemaHooks.validateData(leaseImportValidator)]
    },
    after: { find: [caslCheck], get: [caslCheck], create: [caslCheck], patch: [caslCheck] }
  } as any)
}
