// Browser-safe: what each exportable list puts in its spreadsheet, declared once beside the list.
import { accountState } from '../users/account.workflow.js'

/**
 * How a column's values are written: as the list shows them, never as stored.
 * - `text`: as it is (a list of words joined by commas; never JSON);
 * - `number`: a number cell;
 * - `status` / `enum`: the value's name from the catalogue (`values.<resource>.<field>.<value>`,
 *   then `values.common.<field>.<value>`), a boolean status reading ENABLED / DISABLED;
 * - `date` / `datetime`: a real Excel date on the region's clock, shown in the spec's format;
 * - `money`: a number with two decimals (in the record's or the region's currency);
 * - `boolean`: Yes / No in the reader's language;
 * - `names`: other records' ids (one or a list) shown by their names, read through that
 *   resource's own `find` with the exporter's rights (a record they may not read stays blank);
 * - `count`: how many items a list holds.
 */
export type ExportValueKind = 'text' | 'number' | 'status' | 'enum' | 'date' | 'datetime' | 'money' | 'boolean' | 'names' | 'count'

export interface ExportColumn {
  /** The record's field (and the filter's, when the list filters on it). */
  key: string
  kind?: ExportValueKind
  /** The field whose label heads the column (`fields.<resource>.<label>`), when not the key's own. */
  label?: string
  /** `status` / `enum`: the catalogue field naming the values, when not the key; several are looked in in order. */
  values?: string | readonly string[]
  /** `status` / `enum`: the record's field written when the catalogue names no value (a region's own name for a code without a translated one). */
  otherwise?: string
  /** `status` / `enum`: the codes to look the value's name up by, in order (the value itself without it). */
  lookup?: (value: string) => string[]
  /** `money`: the record's currency field; the region's currency without one. */
  currency?: string
  /** `names`: the resource the ids belong to and the field that names one of its records. */
  ref?: { resource: string; name: string }
  /** A value worked out from the record (pure and browser-safe) instead of reading `key`. */
  value?: (record: Record<string, any>) => unknown
}

/** The columns of a list's export, in the list's order. */
export type ExportColumns = Readonly<Record<string, readonly ExportColumn[]>>

const updatedAt: ExportColumn = { key: 'updatedAt', kind: 'datetime' }

/** What the audit screens call a resource: its name in the permission catalogue. */
const auditResource: ExportColumn = { key: 'resource', kind: 'enum' }
/**
 * An audited action (`<resource>.<method>`) as the audit screens name it: a security event's own
 * name, else its method's action name; an action a client named itself shows as recorded.
 */
const auditAction: ExportColumn = {
  key: 'action',
  kind: 'enum',
  values: 'auditAction',
  lookup: (action) => [action, ...(/^[\w-]+\.[\w-]+$/.test(action) ? [action.slice(action.indexOf('.') + 1)] : [])]
}

/**
 * The platform's lists, as their screens show them (frontend/src/pages/<resource>/list.tsx).
 * A module declares its own in its shared manifest (`exportColumns`).
 */
export const platformExportColumns: ExportColumns = {
  buildings: [{ key: 'code' }, { key: 'name' }, { key: 'shortName' }, { key: 'floors' }, { key: 'commonFloor' }, { key: 'hotline' }, updatedAt],
  sites: [{ key: 'name' }, { key: 'shortName' }, { key: 'type', kind: 'enum' }, { key: 'buildingIds', kind: 'names', ref: { resource: 'buildings', name: 'name' } }, updatedAt],
  locations: [
    { key: 'code' },
    { key: 'name' },
    { key: 'buildingId', kind: 'names', ref: { resource: 'buildings', name: 'code' } },
    { key: 'departmentId', kind: 'names', ref: { resource: 'departments', name: 'name' } },
    updatedAt
  ],
  departments: [
    { key: 'shortName' },
    { key: 'name' },
    { key: 'itqThreshold', kind: 'money' },
    { key: 'categories', kind: 'count' },
    { key: 'buildingIds', kind: 'count' },
    { key: 'userIds', kind: 'count' },
    updatedAt
  ],
  users: [
    { key: 'username' },
    { key: 'displayName' },
    { key: 'email' },
    { key: 'userType', kind: 'enum' },
    // As the list's tag: the server answers INVITED for every account with a password hash it stripped.
    {
      key: 'status',
      kind: 'status',
      value: (user) => accountState({ enabled: user.enabled, lockedAt: user.lockedAt, hasPassword: user.status !== undefined && user.status !== 'INVITED' ? true : Boolean(user.passwordChangedAt) })
    },
    { key: 'lastLoginAt', kind: 'datetime' }
  ],
  'security-groups': [{ key: 'name' }, { key: 'description' }, { key: 'domain', kind: 'enum' }, { key: 'permissions', kind: 'count' }, updatedAt],
  // A setting's source: the built-in default, or the region whose value it is.
  settings: [{ key: 'key' }, { key: 'value' }, { key: 'source', kind: 'enum', values: ['source', 'region'] }, { key: 'defaultValue' }, updatedAt],
  'audit-log': [{ key: 'at', kind: 'datetime' }, { key: 'username' }, auditAction, auditResource, { key: 'recordId' }, { key: 'region' }, { key: 'address' }],
  'audit-report': [{ key: 'day', kind: 'date' }, auditResource, auditAction, { key: 'count', kind: 'number' }],
  'mail-messages': [{ key: 'createdAt', kind: 'datetime' }, { key: 'template' }, { key: 'to' }, { key: 'subject' }, { key: 'status', kind: 'status' }, { key: 'sentAt', kind: 'datetime' }],
  regions: [
    { key: 'code' },
    { key: 'name', kind: 'enum', values: 'region', value: (region) => region.code, otherwise: 'name' },
    { key: 'domain' },
    { key: 'currency' },
    { key: 'timeZone' },
    { key: 'enabled', kind: 'status' },
    { key: 'features', kind: 'enum' }
  ],
  companies: [{ key: 'name' }, { key: 'mailingName' }, { key: 'type', kind: 'enum' }, { key: 'email' }, { key: 'phone' }]
}

/**
 * Fields that are the system's business, not a reader's: never a column, whatever a list declares
 * (a test walks every declaration).
 */
export const internalFields = ['password', 'passwordHash', 'codeHash', 'secret', 'token', 'storageKey', 'failedLogins', 'permissionVersion', 'sessionId'] as const
