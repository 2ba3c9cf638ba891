import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import { clientAddress } from './client-address.js'
import { announceAuditEntries } from '../services/audit-log/audit-log.announce.js'

/**
 * Security events of an account, as the audit log names them (labelled in both languages on the
 * audit log screen): made without a session, so the account itself is named as the actor.
 */
export const securityActions = {
  /** The first password, set from an invitation link. */
  inviteAccepted: 'password-resets.accept-invite',
  /** A forgotten password, set again from a reset link. */
  passwordReset: 'password-resets.patch',
  /** An expired password, changed before signing in. */
  expiredPasswordChanged: 'password-changes.create',
  /** A lock lifted from the unlock link. */
  unlocked: 'unlock-requests.patch',
  /** Locked automatically: too many wrong passwords, or too many locked-out authentication codes. */
  locked: 'users.lock',
  /** A wrong authentication code. */
  twoFactorFailed: 'authentication.two-factor-failed',
  /** An authentication code locked after its last allowed try. */
  twoFactorLocked: 'authentication.two-factor-locked'
} as const

export type SecurityEvent = keyof typeof securityActions

/**
 * One audit row for a security event: who (the account), when, from which address, in the
 * account's default region (where its administrators read the log), and `details` that must
 * never hold a secret (no password, token, link or code).
 */
export async function recordSecurityEvent(
  app: Application,
  event: SecurityEvent,
  user: { id: number; username: string; defaultRegion?: string | null },
  params: Params | undefined,
  details: Record<string, unknown> = {},
  db: Knex = app.get('knex')
) {
  const [row] = await db('audit_log').insert(
    {
      userId: user.id,
      username: user.username,
      region: user.defaultRegion ?? params?.region ?? 'GLOBAL',
      action: securityActions[event],
      resource: 'users',
      recordId: String(user.id),
      before: null,
      after: JSON.stringify(details),
      address: params ? clientAddress(app, params) : null
    },
    '*'
  )
  // Inside a caller's transaction the row is announced by nobody: its readers see it on their next load.
  if (!db.isTransaction) announceAuditEntries(app, [row])
}
