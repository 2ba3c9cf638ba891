import type { Knex } from 'knex'
import { dayFromToday } from './factories.js'
import { createGreenOperation } from './green-factories.js'

/** Demo green operation records on the demo tenancies: a valid one with readings and sections met, and an expired one. */
export async function seedGreenOperations(trx: Knex) {
  const tenancy = async (tradeName: string) => (await trx('tenancies').where({ region: 'HK', tradeName }).first('id'))?.id as number | undefined
  const acme = await tenancy('ACME')
  const harbour = await tenancy('Harbour Capital')
  if (acme) {
    await createGreenOperation(trx, {
      tenancyId: acme,
      startDate: dayFromToday(-60),
      validityMonths: 12,
      floor: '22/F',
      month: dayFromToday(-30).slice(0, 7),
      reading: 18_450.5,
      assessment: ['LIGHTING', 'WASTE_AND_RECYCLING', 'NO_BOTTLED_WATER'],
      recognitionCount: 2
    })
  }
  if (harbour) await createGreenOperation(trx, { tenancyId: harbour, startDate: dayFromToday(-500), validityMonths: 12, floor: '30/F', assessment: ['AIR_CONDITIONING'], recognitionCount: 1 })
}
