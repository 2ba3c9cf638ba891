import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'

/*
 * A door of the tenders module (issue 28 §3: modules meet through doors, not by hooking each
 * other's services): another module registers a check on whom a tender's issue invites, at its
 * setup. The issue (tender-moves.ts `issueTender`) runs every check inside its own transaction,
 * after its own checks (the issue permission on the record, the state, the body, the vendors
 * read through their own rules) and before it writes. So only a caller who may issue this
 * tender ever meets a check; a check may refuse the issue (an appError) or write its own rows
 * (an audit entry), which commit or roll back with the issue.
 */

/** What a check is given: one issue of one tender. */
export interface TenderInvitation {
  /** The transaction: read and write in it. */
  db: Knex
  region: string
  /** The tender as the issue locked it (still APPR). */
  tender: Readonly<Record<string, any>>
  vendorIds: readonly number[]
  /** Who issues it (null for the system). */
  caller: { id: number | null; username: string | null }
  /** The caller's reason to override an invitation check, trimmed; null when none or blank. */
  overrideReason: string | null
}

export type TenderInvitationCheck = (invitation: TenderInvitation) => Promise<void>

// By app: each app (a test server, a process) keeps the checks its modules registered.
const checksOf = new WeakMap<Application, TenderInvitationCheck[]>()

/** Registers a check every tender issue of `app` runs (without the tenders module, none ever does). */
export function addTenderInvitationCheck(app: Application, check: TenderInvitationCheck): void {
  checksOf.set(app, [...(checksOf.get(app) ?? []), check])
}

/** Runs the registered checks in the order they came, each after the last. */
export async function runTenderInvitationChecks(app: Application, invitation: TenderInvitation): Promise<void> {
  for (const check of checksOf.get(app) ?? []) await check(invitation)
}
