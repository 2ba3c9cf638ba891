import type { Knex } from 'knex'
import type { MoveKind } from '../services/moves/moves.shared.js'
import { initialMoveStatus } from '../services/moves/move.workflow.js'

/** A move-in/out record written straight to its table (tests, browser specs, the demo). */
export async function createMove(
  db: Knex,
  input: { tenancyId: number; kind: MoveKind; date: string; floor: string; remarks?: string | null; premises?: string | null; businessDate?: string | null; reopenDate?: string | null }
): Promise<{ id: number }> {
  const tenancy = await db('tenancies').where({ id: input.tenancyId }).first('region')
  const status = input.reopenDate ? 'REOPENED' : initialMoveStatus(input.kind)
  const [row] = await db('tenancy_moves').insert({ remarks: null, premises: null, businessDate: null, reopenDate: null, ...input, region: tenancy.region, status }, ['id'])
  return row
}
