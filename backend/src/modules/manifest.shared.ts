// Browser-safe: the half of a module's manifest that the browser reads too (see manifest.ts).
import type { TenancyPerm, UserPortal, VendorPerm } from '../abilities/permissions.shared.js'
import type { ExportColumns } from '../services/exports/export-columns.shared.js'
import type { UploadPlaces } from '../services/upload-limits/upload-limits.shared.js'

/** The browser-safe half (`<module>/module.shared.ts`): the browser's permission editor and export buttons read it. */
export interface SharedModuleManifest {
  name: string
  /** Permission catalogue entries: each resource (its Feathers path) with every action a grant may name. */
  permissions: Readonly<Record<string, readonly string[]>>
  /** Lists of the module with a spreadsheet export (`GET exports/<resource>`), each with its columns in the list's order. */
  exportable?: ExportColumns
  /** Records the global search (Ctrl+K) finds, by resource: read through the resource's own `find`. */
  searchable?: Readonly<Record<string, Searchable>>
  /** The fields an `own` grant of a vendor or tenant may write, by resource and action (CASL field rules; staff's own grants are not limited). */
  ownFields?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>
  /**
   * More conditions on the `own` grants of a portal's users, by resource and portal: CASL
   * conditions on the record's own columns, added to the "own" column's (a tenant reads its
   * tenancy's handover only once it is SCHEDULED, UNSIGNED or COMPLETED). As CASL conditions
   * they hold on every list, read and live event, on the server and in the browser alike.
   */
  ownScope?: Readonly<Record<string, Readonly<Partial<Record<UserPortal, Readonly<Record<string, unknown>>>>>>>
  /**
   * What a vendor sub-account's permission toggle (spec §6) grants on this module's resources, by
   * toggle, resource and action: always `own`, on its company's records only.
   */
  vendorToggles?: Readonly<Partial<Record<VendorPerm, Readonly<Record<string, readonly string[]>>>>>
  /**
   * What a tenancy sub-account's perm (spec §6) grants on this module's resources, by perm,
   * resource and action: always `own`, on its tenancy's records only.
   */
  tenancyToggles?: Readonly<Partial<Record<TenancyPerm, Readonly<Record<string, readonly string[]>>>>>
  /**
   * Records a user reads because the record lists them, whatever their groups (a tenant project's
   * accounts, spec tenant projects §6): by resource, the record's column holding the ids of the users
   * it lists (an integer array) and the portals whose users it may list. Such a user's ability gets
   * `read` on the resource where that column contains their id (a CASL `$all` condition, which the
   * resource's knex service takes as `@>`).
   */
  listedReaders?: Readonly<Record<string, ListedReaders>>
  /**
   * The module's upload places, each with the `ownerResource` of the files stored there: an
   * administrator may give a place its own file rule (setting `upload.places`, issue 27 item 19);
   * the place's label is `settings:uploadPlaces.<place>`.
   */
  uploadPlaces?: UploadPlaces
}

/** How the global search finds a resource's records and names a hit. */
export interface Searchable {
  /** Text fields matched (case-insensitive, anywhere in the text); each must take `$ilike` in the resource's query schema. */
  fields: readonly string[]
  /** The field that names a hit, and the one shown under it. */
  title: string
  detail?: string
  /** Further fields the browser needs to link a hit to its screen. */
  extra?: readonly string[]
  /**
   * The resource's own query parameter that takes the words (e.g. `$search`), when its search
   * reaches beyond its own text columns (another table's names): asked instead of `$ilike` on `fields`.
   */
  param?: string
}

/** Who a record lists as its readers: the column of their user ids, and the portals they may sign in to. */
export interface ListedReaders {
  field: string
  portals: readonly UserPortal[]
}
