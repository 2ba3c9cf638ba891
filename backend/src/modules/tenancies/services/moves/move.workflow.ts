// Browser-safe: the state of a move record (spec §3 "temporary close and reopen records exist"),
// one table for the server's reopen call and the screen's reopen button. A move in or out is
// recorded once; a temporary close stays CLOSED until it is reopened, with its reopen date.
import { defineWorkflow } from '../../../../kit/workflow.js'
import type { MoveKind } from './moves.shared.js'

export const moveStatuses = ['RECORDED', 'CLOSED', 'REOPENED'] as const
export type MoveStatus = (typeof moveStatuses)[number]

export const moveWorkflow = defineWorkflow<MoveStatus>({
  RECORDED: [],
  CLOSED: [{ action: 'reopen', to: 'REOPENED', permission: 'update' }],
  REOPENED: []
} as const)

/** The state a new record starts in: a temporary close is closed, a move in or out is recorded. */
export const initialMoveStatus = (kind: MoveKind): MoveStatus => (kind === 'TEMPORARY_CLOSE' ? 'CLOSED' : 'RECORDED')
