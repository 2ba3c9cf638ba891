import type { Knex } from 'knex'
import type { BenchCall } from '../../manifest.js'

const TENANCIES = 3_000

/**
 * `npm run bench` (issue 11): 3,000 tenancies of 1,500 tenant companies over the HK buildings, one
 * in ten inactive, each with a premises line (floor, zone A-D); every third one's line ended a year
 * ago and a line in force replaced it, so the occupancy question has history to pass over.
 * Measured: the list as it opens, and who occupies a floor today.
 */
export async function benchTenancies(db: Knex): Promise<BenchCall[]> {
  const companyIds: number[] = (
    await db('companies').insert(
      Array.from({ length: TENANCIES / 2 }, (_, i) => ({ region: 'HK', name: `Bench Tenancy Company ${i}`, type: 'T' })),
      ['id']
    )
  ).map((company: any) => company.id)
  const buildings = await db('buildings').where({ region: 'HK' }).orderBy('id').select('id', 'code', 'floors')
  const site = await db('sites').where({ region: 'HK', type: 'PHYSICAL' }).first('id')
  await db.raw(
    `
    INSERT INTO tenancies (region, company_id, company_name, trade_name, building_id, site_id, type, status)
    SELECT 'HK', c.id, c.name, 'Bench Shop ' || g, b.id, ?::int, CASE WHEN g % 3 = 0 THEN 'R' ELSE 'O' END,
           CASE WHEN g % 10 = 0 THEN 'INACTIVE' ELSE 'ACTIVE' END
    FROM generate_series(1, ?::int) g
    JOIN companies c ON c.id = (?::int[])[1 + g % ?::int]
    JOIN buildings b ON b.id = (?::int[])[1 + g % ?::int]`,
    [site?.id ?? null, TENANCIES, companyIds, companyIds.length, buildings.map((building: any) => building.id), buildings.length]
  )
  await db.raw(`
    INSERT INTO tenancy_premises (tenancy_id, floor, zone, effective_date, end_date)
    SELECT t.id, b.floors ->> (t.id % jsonb_array_length(b.floors)), 'Z' || (t.id % 4), current_date - 900 + (t.id % 200),
           CASE WHEN t.id % 3 = 0 THEN current_date - 365 END
    FROM tenancies t JOIN buildings b ON b.id = t.building_id WHERE t.trade_name LIKE 'Bench Shop %'
    UNION ALL
    SELECT t.id, b.floors ->> ((t.id + 1) % jsonb_array_length(b.floors)), 'Z' || (t.id % 4), current_date - 364, NULL
    FROM tenancies t JOIN buildings b ON b.id = t.building_id WHERE t.trade_name LIKE 'Bench Shop %' AND t.id % 3 = 0`)
  for (const table of ['companies', 'tenancies', 'tenancy_premises']) await db.raw(`VACUUM ANALYZE ${table}`)
  const today = new Date().toISOString().slice(0, 10)
  return [
    {
      title: `staff tenancy list of ${TENANCIES.toLocaleString('en-US')}, HK, active, by company name, 25 a page, with count (GET /hk/v1/tenancies)`,
      path: '/hk/v1/tenancies?status=ACTIVE&$sort[companyName]=1&$limit=25&$skip=50'
    },
    {
      title: 'occupancy, who occupies a building floor on a day (GET /hk/v1/tenancies/occupancy)',
      path: `/hk/v1/tenancies/occupancy?building=${buildings[0].code}&floor=${encodeURIComponent(buildings[0].floors[5])}&at=${today}`
    }
  ]
}
