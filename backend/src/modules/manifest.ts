import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import type { Grant } from '../../../migrations/add-missing-grants.js'
import type { Language } from '../i18n/messages.js'
import type { MailText } from '../mail/templates.js'
import type { SpecRoute } from '../kit/spec-aliases.js'
import type { EditCheck } from '../services/edit-locks/edit-checks.js'
import type { DocumentRenderer } from '../services/documents/documents.class.js'
import type { SharedModuleManifest } from './manifest.shared.js'

/*
 * What a module gives the platform. The platform reads every module through the one list of
 * `modules/index.ts` (and its browser-safe half, `modules/index.shared.ts`) and never imports a
 * module's files itself: a new module is its folder plus one line in each list.
 */

export type { SharedModuleManifest }

/** The server's manifest (`<module>/module.ts`): the shared half plus everything Node-only. */
export interface ModuleManifest extends SharedModuleManifest {
  /** Feathers services, configured in this order after the platform's and before exports. */
  services: ReadonlyArray<(app: Application) => void>
  /** Migrations by their knex name (`yyyymmddhhmmss_<what>`, as `knex_migrations` holds it); run with the platform's, sorted by name. */
  migrations: Readonly<Record<string, Knex.Migration>>
  /**
   * Grants by the version (the grants migration's name) that gave them, by security group. The
   * migration of that name adds them to databases seeded before; the demo seed adds them all, so
   * both read the same data.
   */
  grants?: Readonly<Record<string, Readonly<Record<string, readonly Grant[]>>>>
  /** Setting defaults of the module's keys (declare them in `ModuleSettingDefaults` too). */
  settingDefaults?: Readonly<Record<string, unknown>>
  /** PDF documents served at `GET documents/<type>/<id>`, by type. */
  documents?: Readonly<Record<string, DocumentRenderer>>
  /** Calls of the spec rewritten onto the module's services (see spec-routes.ts). */
  specAliases?: readonly SpecRoute[]
  /** Records whose edit is checked and kept (`edit-checks/<resource>/<id>`), by the spec's resource name. */
  editChecks?: Readonly<Record<string, EditCheck>>
  /**
   * The module's catalogue per language (`<module>/locales/<language>.ts`): `errors` by code (the
   * server's answers; codes unique across modules), `mail` by template name (declare each one's
   * data in `MailTemplateData`), `fields` (export column labels by resource), and whatever else it
   * prints (PDF labels...). These go into the server's i18next.
   */
  messages?: Readonly<
    Record<
      Language,
      {
        errors?: Readonly<Record<string, string>>
        mail?: Readonly<Record<string, MailText>>
        /** Column labels of the module's exports, by resource and field. */
        fields?: Readonly<Record<string, Readonly<Record<string, string>>>>
      } & Readonly<Record<string, unknown>>
    >
  >
  /** The fields each of the module's mail templates may use (`mailFields({...})` beside its `MailTemplateData`). */
  mailFields?: Readonly<Record<string, readonly string[]>>
  /** The demo data of PRODUCT.md, written after the platform's demo (regions, users, groups). */
  seedDemo?: (trx: Knex) => Promise<void>
  /**
   * `npm run bench`: writes the module's bulk data to the bench's fresh database (on top of the
   * demo) and names the calls measured on it, each a path of the server asked as admin.
   */
  bench?: (db: Knex, server: BenchServer) => Promise<ReadonlyArray<BenchCall>>
}

/** The server `npm run bench` measures, for a module's bench data that must go through it (a signature, a seal) or beside it (files). */
export interface BenchServer {
  /** Its address, `http://host:port`. */
  url: string
  /** Its data folder (files under `<dataDir>/files`): the bench process's own configuration has none. */
  dataDir: string
  /** A demo account's access token on it. */
  token(username: string): Promise<string>
}

/** One call `npm run bench` measures (at 50 connections unless it says), with what it shows in the title. */
export interface BenchCall {
  title: string
  path: string
  /** The demo account it is asked as (default admin): a vendor's own list is asked as the vendor. */
  as?: string
  /** How many ask at once, when not 50 (a screen a few people open, not a list many page through). */
  connections?: number
  /**
   * The call's ceiling (issue 28 item 6), measured right after it and printed as a ratio: `path` on
   * a bare handler running the same SQL with none of the portal's work, the script `server` (a
   * file path; forked with DATABASE_URL, BARE_PROCESSES and BARE_PORT, it sends `{ ready: url,
   * workerPids }` once listening), and the ratio the portal should reach.
   */
  ceiling?: { server: string; path: string; target: number }
}
