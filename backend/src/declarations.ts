import type { HookContext as FeathersHookContext, NextFunction } from '@feathersjs/feathers'
import type { Application as FeathersApplication } from '@feathersjs/koa'
import type { Knex } from 'knex'
import type { AppAbility } from './abilities/define-rules.js'
import type { Language } from './i18n/messages.js'
import type { Principal, PrincipalCache } from './auth/principals.js'
import type { SessionStore } from './auth/sessions.js'
import type { InvalidationBus } from './auth/invalidation.js'
import type { RegionCache } from './hooks/region-scope.js'
import type { RecentEvents } from './live-catchup.js'
import type { ModuleManifest } from './modules/manifest.js'

export interface Configuration {
  host: string
  port: number
  dataDir: string
  publicUrl: string
  /** Behind a reverse proxy: believe its X-Forwarded-Proto/-For (HSTS, client addresses). */
  trustProxy: boolean
  frontendDist: string
  databaseUrl: string
  embeddedPostgresPort: number
  paginate: { default: number; max: number }
  authentication: any
  oidc: { enabled: boolean; issuer: string; clientId: string; clientSecret: string; scope: string[] }
  mail: { transport: 'outbox' | 'smtp'; smtpUrl: string; from: string }
  files: { driver: 'local' }
  jobs: { enabled: boolean }
  knex: Knex
  principals: PrincipalCache
  sessions: SessionStore
  regionCache: RegionCache
  invalidation: InvalidationBus
  /** The last minutes of live events, for connections that catch up on what they missed. */
  recentEvents: RecentEvents
  /** Sign-in strategies beyond jwt and local, registered by their modules. */
  extraStrategies: Array<(service: any) => void>
  /** Every module's manifest, as the composition root (app.ts) gives them: the platform loops over these. */
  modules: readonly ModuleManifest[]
}

// Each service adds itself to this interface in its own file.
export interface ServiceTypes {}

export type Application = FeathersApplication<ServiceTypes, Configuration>
export type HookContext<S = any> = FeathersHookContext<Application, S>
export type { NextFunction }

declare module '@feathersjs/feathers' {
  interface Params {
    /** The signed-in user with their region's permissions (set by authentication). */
    principal?: Principal
    user?: Principal['user']
    /** The region of the request: path prefix, X-Region header, or the user's default. */
    region?: string
    /** Region code asked for by the path prefix (`/hk/v1/...`) or the socket handshake. */
    regionCode?: string
    ability?: AppAbility
    language?: Language
    /** Name of the write for the audit log: the X-CMS-Action header or `<path>.<method>`. */
    action?: string
    headers?: Record<string, any>
    files?: any
    jwt?: any
    transaction?: any
    /** Work to do once the write's transaction has committed (cache invalidation, mail). */
    afterCommit?: Array<() => unknown>
  }
}
