import { defineWorkflow } from '../../kit/workflow.js'

/** Account states as the spec reads them: invited → active ⇄ locked; enabled ⇄ disabled. */
export const accountStates = ['INVITED', 'ACTIVE', 'LOCKED', 'DISABLED'] as const
export type AccountState = (typeof accountStates)[number]

export interface AccountFacts {
  enabled: boolean
  lockedAt: unknown
  password?: unknown
  hasPassword?: boolean
  invitedAt?: unknown
}

/** Derived, never stored: the flags are the record, the state is how people speak of it. */
export function accountState(account: AccountFacts): AccountState {
  if (!account.enabled) return 'DISABLED'
  if (account.lockedAt) return 'LOCKED'
  const hasPassword = account.hasPassword ?? Boolean(account.password)
  if (!hasPassword) return 'INVITED'
  return 'ACTIVE'
}

export const accountWorkflow = defineWorkflow<AccountState>({
  INVITED: [
    { action: 'invite', to: 'INVITED' },
    { action: 'disable', to: 'DISABLED' }
  ],
  ACTIVE: [
    { action: 'lock', to: 'LOCKED' },
    { action: 'disable', to: 'DISABLED' }
  ],
  LOCKED: [
    { action: 'unlock', to: 'ACTIVE' },
    { action: 'disable', to: 'DISABLED' }
  ],
  DISABLED: [{ action: 'enable', to: 'ACTIVE' }]
})
