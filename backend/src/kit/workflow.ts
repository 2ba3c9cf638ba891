import { appError } from '../errors.js'

/**
 * A way out of a state: the named action, where it leads, an optional pure guard (who and when),
 * and what the screens and validators need to know about it without running it.
 */
export interface Transition<S extends string, R = unknown, U = unknown> {
  action: string
  to: S
  guard?: (record: R, user: U) => boolean
  /** The CASL action the caller must hold on the record (default: the action's own name). */
  permission?: string
  /** The action carries a reason the people told about it read (its validator asks for one). */
  requiresReason?: boolean
  /** Open only before, or only from, the record's closing instant (the guard checks the clock; this names the window). */
  timeWindow?: 'beforeClosing' | 'afterClosing'
  /** Taken by the server's jobs only (closing, expiry): no permission grants it, no button shows it. */
  system?: boolean
}

export type WorkflowTable<S extends string, R = unknown, U = unknown> = Record<S, readonly Transition<S, R, U>[]>

/** One action with every state it leaves from: the table read by action instead of by state. */
export interface WorkflowAction<S extends string, R = unknown, U = unknown> extends Omit<Transition<S, R, U>, 'guard'> {
  from: S[]
  permission: string
}

/**
 * One transitions table per workflow (browser-safe, no I/O): the server checks a change with it,
 * the browser draws the action buttons from it, and the status phases other code asks about
 * (`phases`) are named beside it; `terminal` (no way out) is derived from it, never listed.
 */
export function defineWorkflow<S extends string, R = unknown, U = unknown, P extends string = never>(
  table: WorkflowTable<S, R, U>,
  { phases = {} as Record<P, readonly S[]> }: { phases?: Record<P, readonly S[]> } = {}
) {
  const states = Object.keys(table) as S[]
  const terminal = states.filter((state) => table[state].length === 0)
  const actions = new Map<string, WorkflowAction<S, R, U>>()
  for (const state of states) {
    for (const { guard: _guard, ...transition } of table[state]) {
      const known = actions.get(transition.action)
      if (known) known.from.push(state)
      else actions.set(transition.action, { ...transition, from: [state], permission: transition.permission ?? transition.action })
    }
  }
  for (const [phase, members] of Object.entries(phases) as Array<[string, readonly S[]]>) {
    const unknown = members.filter((state) => !states.includes(state))
    if (unknown.length) throw new Error(`workflow phase ${phase} names unknown states: ${unknown.join(', ')}`)
  }
  return {
    table,
    states,
    /** States with no way out (decided): derived from the table. */
    terminal: terminal as readonly S[],
    /** Every action of the table, with the states it leaves from and the permission it needs. */
    actions: [...actions.values()] as readonly WorkflowAction<S, R, U>[],
    phases: phases as Readonly<Record<P, readonly S[]>>,
    /** True when the state belongs to the phase (or, for 'terminal', has no way out). */
    isIn(phase: P | 'terminal', state: string | null | undefined): boolean {
      const members: readonly string[] = phase === 'terminal' ? terminal : ((phases as Record<string, readonly S[]>)[phase] ?? [])
      return state != null && members.includes(state)
    },
    /** The states outside the given ones, in table order (a phase named by what it is not). */
    statesExcept(excluded: readonly S[]): S[] {
      return states.filter((state) => !excluded.includes(state))
    },
    /** The CASL actions people are granted for this workflow (the permission catalogue lists them): system moves left out. */
    permissions(): string[] {
      return [...new Set([...actions.values()].filter((action) => !action.system).map((action) => action.permission))]
    },
    /** The CASL action an action needs on the record; the action itself unless the table names another. */
    permissionOf(action: string): string {
      return actions.get(action)?.permission ?? action
    },
    requiresReason(action: string): boolean {
      return actions.get(action)?.requiresReason === true
    },
    /** The actions open from a state for this record and user. */
    actionsFrom(state: S, record?: R, user?: U): string[] {
      return (table[state] ?? []).filter((transition) => !transition.guard || transition.guard(record as R, user as U)).map((transition) => transition.action)
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

export type Workflow<S extends string, R = unknown, U = unknown, P extends string = never> = ReturnType<typeof defineWorkflow<S, R, U, P>>
