import type { Knex } from 'knex'
import { randomBytes } from 'node:crypto'
import type { Premises } from '../services/tenancies/tenancies.shared.js'

/*
 * Test and demo factories: tenancy records, premises and leases written straight to the tables
 * (as condo's createTestX), so a test or a browser spec starts from the state it needs.
 */

/** 'yyyy-mm-dd' of today (UTC) shifted by days. */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

export const uniqueName = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`

export async function buildingId(db: Knex, code: string, region = 'HK'): Promise<number> {
  return (await db('buildings').where({ code, region }).first('id')).id
}

/** A tenant company (type T) of the region, made when missing. */
export async function tenantCompany(db: Knex, name: string, region = 'HK'): Promise<number> {
  const found = await db('companies').where({ region, name }).first('id')
  if (found) return found.id
  const [row] = await db('companies').insert({ region, name, type: 'T', email: `office@${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example.com` }, ['id'])
  return row.id
}

export interface TenancyInput {
  region?: string
  companyId: number
  companyName?: string
  tradeName?: string | null
  building?: string
  type?: 'O' | 'R'
  status?: 'ACTIVE' | 'INACTIVE'
  managedBy?: number | null
  premises?: Premises[]
  extra?: Record<string, unknown>
}

export async function createTenancy(db: Knex, input: TenancyInput): Promise<{ id: number; companyName: string; tradeName: string | null }> {
  const region = input.region ?? 'HK'
  const company = await db('companies').where({ id: input.companyId }).first('name')
  const companyName = input.companyName ?? company.name
  const [row] = await db('tenancies').insert(
    {
      region,
      companyId: input.companyId,
      companyName,
      tradeName: input.tradeName ?? null,
      buildingId: await buildingId(db, input.building ?? 'ES1', region),
      type: input.type ?? 'O',
      status: input.status ?? 'ACTIVE',
      managedBy: input.managedBy ?? null,
      openingHours: JSON.stringify({
        MON: { start: '09:00', end: '18:00' },
        TUE: { start: '09:00', end: '18:00' },
        WED: { start: '09:00', end: '18:00' },
        THU: { start: '09:00', end: '18:00' },
        FRI: { start: '09:00', end: '18:00' },
        SAT: null,
        SUN: null,
        PH: null
      }),
      ...input.extra
    },
    ['id', 'companyName', 'tradeName']
  )
  if (input.premises?.length) {
    await db('tenancy_premises').insert(
      input.premises.map((line) => ({ tenancyId: row.id, floor: line.floor, zone: line.zone ?? null, effectiveDate: line.effectiveDate, endDate: line.endDate ?? null, detail: line.detail ?? null }))
    )
  }
  return row
}

export interface LeaseInput {
  region?: string
  number?: string
  tenantNo?: string
  leaseType: string
  label?: string | null
  buildingCode?: string
  tenancyId?: number | null
  tradeName?: string | null
  premises?: string | null
  leaseStart?: string
  leaseEnd?: string
}

export async function createLease(db: Knex, input: LeaseInput): Promise<{ id: number; number: string; tenantNo: string }> {
  const [row] = await db('leases').insert(
    {
      region: input.region ?? 'HK',
      number: input.number ?? `L-${randomBytes(4).toString('hex').toUpperCase()}`,
      tenantNo: input.tenantNo ?? `T-${randomBytes(3).toString('hex').toUpperCase()}`,
      leaseType: input.leaseType,
      label: input.label ?? null,
      buildingCode: input.buildingCode ?? 'ES1',
      tenancyId: input.tenancyId ?? null,
      tradeName: input.tradeName ?? null,
      premises: input.premises ?? null,
      leaseStart: input.leaseStart ?? dayFromToday(-365),
      leaseEnd: input.leaseEnd ?? dayFromToday(730)
    },
    ['id', 'number', 'tenantNo']
  )
  return row
}

export interface TenancyAccountInput {
  tenancyId: number
  username?: string
  displayName?: string
  userType?: number
  tenancyPerms?: string[]
  /** A password hash (an accepted invitation); none leaves the account invited. */
  passwordHash?: string | null
  invitedAt?: Date
}

/** An account of a tenancy (a sub-account by default), as accepted invitations leave it. */
export async function createTenancyAccount(db: Knex, input: TenancyAccountInput): Promise<{ id: number; username: string }> {
  const tenancy = await db('tenancies').where({ id: input.tenancyId }).first('id', 'region', 'companyId')
  const username = input.username ?? `sub.${randomBytes(4).toString('hex')}`
  const [row] = await db('users').insert(
    {
      username,
      email: `${username}@example.com`,
      displayName: input.displayName ?? username,
      password: input.passwordHash ?? null,
      source: 'EXT',
      domain: 'TMS',
      userType: input.userType ?? 621,
      roleName: 'Tenancy Contact',
      companyId: tenancy.companyId,
      tenancyId: tenancy.id,
      tenancyPerms: JSON.stringify(input.tenancyPerms ?? []),
      regions: [tenancy.region],
      defaultRegion: tenancy.region,
      invitedAt: input.invitedAt ?? new Date(),
      passwordChangedAt: input.passwordHash ? new Date() : null
    },
    ['id', 'username']
  )
  return row
}
