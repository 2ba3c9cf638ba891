import type { Knex } from 'knex'
import { dayFromToday } from './factories.js'
import { createMove } from './move-factories.js'

/** Demo move-in/out records on the demo tenancies: a move in with its commencement, a reopened and an open temporary close, a move out. */
export async function seedMoves(trx: Knex) {
  const tenancy = async (tradeName: string) => (await trx('tenancies').where({ region: 'HK', tradeName }).first('id'))?.id as number | undefined
  const acme = await tenancy('ACME')
  const coffee = await tenancy('Peak Coffee')
  const jade = await tenancy('Jade Law')
  if (acme) {
    await createMove(trx, {
      tenancyId: acme,
      kind: 'MOVE_IN',
      date: dayFromToday(-700),
      floor: '22/F',
      premises: 'Whole floor',
      remarks: 'Keys and access cards collected',
      businessDate: dayFromToday(-670)
    })
    await createMove(trx, {
      tenancyId: acme,
      kind: 'MOVE_OUT',
      date: dayFromToday(-30),
      floor: '23/F',
      premises: 'Units 2301-2305',
      remarks: 'Units returned after reinstatement',
      businessDate: dayFromToday(-45)
    })
  }
  if (coffee) {
    await createMove(trx, { tenancyId: coffee, kind: 'MOVE_IN', date: dayFromToday(-420), floor: 'G/F', premises: 'Shop G01', remarks: 'Opened to the public', businessDate: dayFromToday(-410) })
    await createMove(trx, { tenancyId: coffee, kind: 'TEMPORARY_CLOSE', date: dayFromToday(-90), floor: 'G/F', premises: 'Shop G01', remarks: 'Kitchen renovation', reopenDate: dayFromToday(-76) })
    await createMove(trx, { tenancyId: coffee, kind: 'TEMPORARY_CLOSE', date: dayFromToday(-3), floor: 'G/F', premises: 'Shop G01', remarks: 'Closed for the typhoon repairs' })
  }
  if (jade) await createMove(trx, { tenancyId: jade, kind: 'MOVE_OUT', date: dayFromToday(10), floor: '45/F', remarks: 'Notice of move-out received', businessDate: dayFromToday(8) })
}
