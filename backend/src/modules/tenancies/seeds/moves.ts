import type { Knex } from 'knex'
import { dayFromToday } from './factories.js'
import { createMove } from './move-factories.js'

type DemoMove = Omit<Parameters<typeof createMove>[1], 'tenancyId'>

/** By the demo tenancy's trade name: a move in with its commencement, a reopened and an open temporary close, a move out. */
function demoMoves(): Record<string, DemoMove[]> {
  return {
    ACME: [
      { kind: 'MOVE_IN', date: dayFromToday(-700), floor: '22/F', premises: 'Whole floor', remarks: 'Keys and access cards collected', businessDate: dayFromToday(-670) },
      { kind: 'MOVE_OUT', date: dayFromToday(-30), floor: '23/F', premises: 'Units 2301-2305', remarks: 'Units returned after reinstatement', businessDate: dayFromToday(-45) }
    ],
    'Peak Coffee': [
      { kind: 'MOVE_IN', date: dayFromToday(-420), floor: 'G/F', premises: 'Shop G01', remarks: 'Opened to the public', businessDate: dayFromToday(-410) },
      { kind: 'TEMPORARY_CLOSE', date: dayFromToday(-90), floor: 'G/F', premises: 'Shop G01', remarks: 'Kitchen renovation', reopenDate: dayFromToday(-76) },
      { kind: 'TEMPORARY_CLOSE', date: dayFromToday(-3), floor: 'G/F', premises: 'Shop G01', remarks: 'Closed for the typhoon repairs' }
    ],
    'Jade Law': [{ kind: 'MOVE_OUT', date: dayFromToday(10), floor: '45/F', remarks: 'Notice of move-out received', businessDate: dayFromToday(8) }]
  }
}

/** Demo move-in/out records on the demo tenancies of Hong Kong that exist. */
export async function seedMoves(trx: Knex) {
  for (const [tradeName, moves] of Object.entries(demoMoves())) {
    const tenancy = await trx('tenancies').where({ region: 'HK', tradeName }).first('id')
    if (!tenancy) continue
    for (const move of moves) await createMove(trx, { ...move, tenancyId: tenancy.id })
  }
}
