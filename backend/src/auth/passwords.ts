// Password rules of the spec: 8+ characters with 3 of the 4 kinds; 90 days' life, 14 days' grace.
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_LIFE_DAYS = 90
export const PASSWORD_GRACE_DAYS = 14
const DAY_MS = 86_400_000

const kinds = [/[0-9]/, /[A-Z]/, /[a-z]/, /[^0-9A-Za-z]/]

export function isStrongPassword(password: unknown): boolean {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) return false
  return kinds.filter((kind) => kind.test(password)).length >= 3
}

export type PasswordAge = { state: 'valid' } | { state: 'grace'; daysLeft: number } | { state: 'expired' }

/**
 * A password is valid for 90 days; for 14 days after that the user may still sign in, warned
 * of the days left to change it; then the change is forced.
 */
export function passwordAge(changedAt: Date | string | null, now = new Date()): PasswordAge {
  if (!changedAt) return { state: 'expired' }
  const ageDays = (now.getTime() - new Date(changedAt).getTime()) / DAY_MS
  if (ageDays < PASSWORD_LIFE_DAYS) return { state: 'valid' }
  if (ageDays < PASSWORD_LIFE_DAYS + PASSWORD_GRACE_DAYS) {
    return { state: 'grace', daysLeft: Math.ceil(PASSWORD_LIFE_DAYS + PASSWORD_GRACE_DAYS - ageDays) }
  }
  return { state: 'expired' }
}
