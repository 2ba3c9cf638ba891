import { appError } from './errors.js'

/** A way out of a state: the named action, where it leads, and an optional pure guard. */
export interface Transition<S extends string, R = unknown, U = unknown> {
  action: string
  to: S
  guard?: (record: R, user: U) => boolean
}

export type WorkflowTable<S extends string, R = unknown, U = unknown> = Record<S, readonly Transition<S, R, U>[]>

/**
 * One transitions table per workflow (browser-safe, no I/O): the server checks a change with it,
 * the browser draws the action buttons from it.
 */
export function defineWorkflow<S extends string, R = unknown, U = unknown>(table: WorkflowTable<S, R, U>) {
  const states = Object.keys(table) as S[]
  return {
    table,
    states,
    /** The actions open from a state for this record and user. */
    actionsFrom(state: S, record?: R, user?: U): string[] {
      return (table[state] ?? [])
        .filter((transition) => !transition.guard || transition.guard(record as R, user as U))
        .map((transition) => transition.action)
    },
    can(state: S, action: string, record?: R, user?: U): boolean {
      return this.actionsFrom(state, record, user).includes(action)
    },
    /** The state an action leads to; 409 INVALID_TRANSITION when it is not open. */
    next(state: S, action: string, record?: R, user?: U): S {
      const transition = (table[state] ?? []).find((candidate) => candidate.action === action)
      if (!transition || (transition.guard && !transition.guard(record as R, user as U))) {
        throw appError(409, 'INVALID_TRANSITION', { status: state, action })
      }
      return transition.to
    }
  }
}
