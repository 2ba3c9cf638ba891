import bcrypt from 'bcrypt'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { isStrongPassword } from '../../auth/passwords.js'
import { endSessionsOf } from '../../auth/account-mail.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    profile: ProfileService
  }
}

export interface ProfilePatch {
  language?: 'en-US' | 'zh-CN'
  defaultRegion?: string
  currentPassword?: string
  newPassword?: string
}

/**
 * Sets a new password after the rules of the spec: 422 pattern, 409 same as before. Whoever
 * signed in with the old one is signed out everywhere: every session of the account ends but
 * `keepSession`, the one making the change on the profile.
 */
export async function setPassword(app: Application, userId: number, newPassword: string, currentHash?: string | null, keepSession?: string) {
  if (!isStrongPassword(newPassword)) throw appError(422, 'PASSWORD_PATTERN')
  if (currentHash && (await bcrypt.compare(newPassword, currentHash))) throw appError(409, 'PASSWORD_REUSED')
  const password = await bcrypt.hash(newPassword, 10)
  await app.get('knex')('users').where({ id: userId }).update({ password, passwordChangedAt: new Date(), failedLogins: 0, updatedAt: new Date() })
  await app.get('invalidation').publish({ kind: 'user', id: userId })
  await endSessionsOf(app, userId, keepSession)
}

/**
 * The signed-in user's own view: who they are and what they may do in the region asked for
 * (`GET /v1/profile`), and what they may change of themselves (`PATCH /v1/profile/me`).
 */
export class ProfileService {
  constructor(private app: Application) {}

  async find(params: Params) {
    const principal = params.principal!
    const region = params.region!
    return { user: principal.user, region, rules: principal.forRegion(region).rules }
  }

  async patch(_id: string | null, data: ProfilePatch, params: Params) {
    const user = params.user!
    const db = this.app.get('knex')
    const changes: Record<string, unknown> = {}
    if (data.language !== undefined) {
      if (!['en-US', 'zh-CN'].includes(data.language)) throw appError(400, 'VALIDATION_FAILED', { details: 'language' })
      changes.language = data.language
    }
    if (data.defaultRegion !== undefined) {
      if (!user.regions.includes(data.defaultRegion)) throw appError(403, 'REGION_FORBIDDEN', { region: data.defaultRegion })
      changes.defaultRegion = data.defaultRegion
    }
    if (data.newPassword !== undefined) {
      const row = await db('users').where({ id: user.id }).first('password')
      if (!row.password || !(await bcrypt.compare(String(data.currentPassword ?? ''), row.password))) throw appError(400, 'PASSWORD_WRONG')
      await setPassword(this.app, user.id, data.newPassword, row.password, params.authentication?.payload?.sid)
    }
    if (Object.keys(changes).length) {
      await db('users')
        .where({ id: user.id })
        .update({ ...changes, updatedAt: new Date() })
      await this.app.get('invalidation').publish({ kind: 'user', id: user.id })
    }
    const principal = await this.app.get('principals').get(user.id)
    return { user: principal!.user, region: params.region, rules: principal!.forRegion(params.region!).rules }
  }
}

export const profile = (app: Application) => {
  app.use('profile', new ProfileService(app), { methods: ['find', 'patch'], events: [] } as any)
}
