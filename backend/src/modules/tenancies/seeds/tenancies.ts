import type { Knex } from 'knex'
import { createLease, createTenancy, createTenancyAccount, dayFromToday, tenantCompany } from './factories.js'

/*
 * The demo of PRODUCT.md for tenancy records: twelve tenancies across ES1-ES3, office and
 * retail, each with premises (one line ending in ten days) and leases; ACME Trading (tenant.acme's
 * company) holds three of them, the seeded one in ES1 among them.
 */
const demo: Array<{ company: string; trade: string; building: string; type: 'O' | 'R'; floor: string; zone?: string; status?: 'INACTIVE'; endsSoon?: boolean; leases: string[] }> = [
  { company: 'ACME Trading', trade: 'ACME Retail', building: 'ES1', type: 'R', floor: 'G/F', zone: 'ES1', leases: ['LS', 'TS'] },
  { company: 'ACME Trading', trade: 'ACME Research', building: 'ES3', type: 'O', floor: '12/F', zone: 'ES3', leases: ['LO'] },
  { company: 'Harbour Capital Ltd', trade: 'Harbour Capital', building: 'ES1', type: 'O', floor: '30/F', zone: 'ES1', leases: ['LO', 'LP'] },
  { company: 'Jade Law LLP', trade: 'Jade Law', building: 'ES1', type: 'O', floor: '45/F', zone: 'ES1', endsSoon: true, leases: ['TO'] },
  { company: 'Peak Coffee Co', trade: 'Peak Coffee', building: 'ES2', type: 'R', floor: 'G/F', zone: 'ES2', leases: ['LS'] },
  { company: 'Orient Bank', trade: 'Orient Private Banking', building: 'ES2', type: 'O', floor: '20/F', zone: 'ES2', leases: ['LO', 'SO'] },
  { company: 'Lantern Books', trade: 'Lantern', building: 'ES2', type: 'R', floor: '1/F', zone: 'ES2', status: 'INACTIVE', leases: ['SS'] },
  { company: 'Kowloon Insurance', trade: 'KI Advisors', building: 'ES3', type: 'O', floor: '8/F', zone: 'ES3', leases: ['TO'] },
  { company: 'Silver Tea House', trade: 'Silver Tea', building: 'ES3', type: 'R', floor: 'G/F', zone: 'ES3', leases: ['LS', 'LP'] },
  { company: 'Northpoint Partners', trade: 'Northpoint', building: 'ES1', type: 'O', floor: '15/F', zone: 'ES1', leases: ['LO'] },
  { company: 'Victoria Florist', trade: 'Victoria Flowers', building: 'ES1', type: 'R', floor: 'M/F', zone: 'ES', leases: ['TS'] }
]

export async function seedTenancies(trx: Knex) {
  // The platform's demo tenancy of ACME in ES1 (the accounts point at it) gets its record too.
  const acme = await trx('tenancies').where({ region: 'HK', tradeName: 'ACME' }).first('id', 'companyId')
  if (acme) {
    await trx('tenancies')
      .where({ id: acme.id })
      .update({
        openingHours: JSON.stringify({
          MON: { start: '09:00', end: '18:00' },
          TUE: { start: '09:00', end: '18:00' },
          WED: { start: '09:00', end: '18:00' },
          THU: { start: '09:00', end: '18:00' },
          FRI: { start: '09:00', end: '18:00' },
          SAT: { start: '10:00', end: '13:00' },
          SUN: null,
          PH: null
        }),
        generalLine: '+852 2333 3333',
        email: 'office@acme.example.com'
      })
    await trx('tenancy_premises').insert([
      { tenancyId: acme.id, floor: '22/F', zone: 'ES1', effectiveDate: dayFromToday(-700), detail: 'Whole floor' },
      { tenancyId: acme.id, floor: '23/F', zone: 'ES1', effectiveDate: dayFromToday(-700), endDate: dayFromToday(-30), detail: 'Units 2301-2305 (returned)' }
    ])
    await createLease(trx, { number: 'LSE-ACME-01', tenantNo: 'TN-1001', leaseType: 'LO', label: 'office', buildingCode: 'ES1', tenancyId: acme.id, tradeName: 'ACME', premises: '22/F' })
    // A sub-account of ACME with the TenantProject perm only (the demo password, as tenant.acme's).
    const master = await trx('users').where({ username: 'tenant.acme' }).first('password')
    await createTenancyAccount(trx, { tenancyId: acme.id, username: 'project.acme', displayName: 'Paula Ng (ACME projects)', tenancyPerms: ['TenantProject'], passwordHash: master?.password ?? null })
    // contractor.acme is ACME's main contractor for standalone work permits.
    const contractor = await trx('users').where({ username: 'contractor.acme' }).first('id', 'email', 'lastLoginAt')
    await trx('tenancy_contractors').insert({
      region: 'HK',
      tenancyId: acme.id,
      userId: contractor?.id ?? null,
      userAccount: contractor?.email ?? null,
      firstName: 'Connie',
      lastName: 'Lau',
      contractorType: 'MAIN',
      companyName: 'Lau Fit-out Ltd',
      officeTel: '2333 3400',
      mobile: '+852 9333 3401',
      lastInviteAt: new Date()
    })
  }
  let n = 0
  for (const entry of demo) {
    n++
    const companyId = await tenantCompany(trx, entry.company)
    const tenancy = await createTenancy(trx, {
      companyId,
      tradeName: entry.trade,
      building: entry.building,
      type: entry.type,
      status: entry.status,
      extra: { generalLine: `+852 2800 ${String(1000 + n)}`, marketingType: entry.type === 'R' ? 'Food & beverage' : 'Finance' },
      premises: [
        { floor: entry.floor, zone: entry.zone, effectiveDate: dayFromToday(-400 - n * 10), endDate: entry.endsSoon ? dayFromToday(10) : null, detail: `Unit ${entry.floor.replace('/F', '')}01` }
      ]
    })
    let l = 0
    for (const leaseType of entry.leases) {
      l++
      await createLease(trx, {
        number: `LSE-${String(n).padStart(2, '0')}-${l}`,
        tenantNo: `TN-${2000 + n}`,
        leaseType,
        label: entry.type === 'R' ? 'shop' : 'office',
        buildingCode: entry.building,
        tenancyId: tenancy.id,
        tradeName: entry.trade,
        premises: entry.floor
      })
    }
  }
  // Leases not linked yet: what "link leases" and "GET leases?tenantNo=" find.
  await createLease(trx, { number: 'LSE-FREE-01', tenantNo: 'TN-1001', leaseType: 'TO', label: 'office', buildingCode: 'ES1', tradeName: 'ACME', premises: '24/F' })
  await createLease(trx, { number: 'LSE-FREE-02', tenantNo: 'TN-3001', leaseType: 'LS', label: 'shop', buildingCode: 'ES2', tradeName: 'Pop-up', premises: 'G/F' })
}
