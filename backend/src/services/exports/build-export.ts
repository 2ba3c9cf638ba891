import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { calendarDay, formatDateTime } from '../../format/format.shared.js'
import { exportWord, fieldLabel, valueLabel, type Language } from '../../i18n/messages.js'
import { MAX_PAGE } from '../../kit/query.js'
import { cellOf, type CellContext } from './cells.js'
import type { ExportColumn } from './export-columns.shared.js'
import { XLSX_TYPE, type ExportFile } from './exports.schema.js'
import { MAX_EXPORT_ROWS, exportColumnsOf } from './exports.shared.js'
import { filterIds, namedFilters, namedSort } from './filters.js'
import { listWorkbook } from './workbook.js'

type Row = Record<string, unknown>

/** One export: a list, its query (filters and order), and the caller whose rights and language it is read with. */
export interface ExportRequest {
  resource: string
  query: Record<string, unknown>
  /** The caller's params without `query`: user, principal, region, provider, headers. */
  caller: Params
  language: Language
}

export interface Page {
  rows: Row[]
  total: number
  /** The service answered the whole list at once (no pagination). */
  whole: boolean
}

const servicesOf = (app: Application) => (app as any).services as Record<string, any>

/** The list's query without paging, ordered by id when it names no order, so pages neither overlap nor leave gaps. */
export function listQueryOf(app: Application, resource: string, query: Record<string, unknown>) {
  const { $limit: _limit, $skip: _skip, ...listQuery } = query
  const service = servicesOf(app)[resource]
  if (!listQuery.$sort && typeof service?.id === 'string') listQuery.$sort = { [service.id]: 1 }
  return listQuery
}

/** One page of the list, read through the resource's own `find` with the caller's params (region, abilities, field rules). */
export async function readPage(app: Application, request: ExportRequest, skip: number): Promise<Page> {
  const page = await servicesOf(app)[request.resource].find({
    ...request.caller,
    // A service may ask more of an export than of its list (contacts: `ccdcontacts:export`).
    exporting: true,
    query: { ...listQueryOf(app, request.resource, request.query), $limit: MAX_PAGE, $skip: skip },
    paginate: { default: MAX_PAGE, max: MAX_PAGE }
  })
  if (Array.isArray(page)) return { rows: page, total: page.length, whole: true }
  return { rows: page.data, total: Math.max(Number(page.total) || 0, skip + page.data.length), whole: false }
}

/** The names of the ids in `names` columns, read through the referenced resource with the caller's rights: what they may not read stays unnamed. */
async function namesOf(app: Application, columns: readonly ExportColumn[], rows: readonly Row[], request: ExportRequest) {
  const names = new Map<string, Map<string, string>>()
  for (const column of columns) {
    if (column.kind !== 'names' || !column.ref) continue
    const ids = new Set<string>()
    for (const value of [...rows.map((row) => row[column.key]), ...filterIds(column, request.query)].flat()) {
      if (value !== null && value !== undefined && value !== '') ids.add(String(value))
    }
    const found = new Map<string, string>()
    const service = servicesOf(app)[column.ref.resource]
    const list = [...ids]
    for (let start = 0; service && start < list.length; start += MAX_PAGE) {
      const chunk = list.slice(start, start + MAX_PAGE)
      const page = await service.find({ ...request.caller, query: { id: { $in: chunk }, $limit: MAX_PAGE }, paginate: { default: MAX_PAGE, max: MAX_PAGE } }).catch((error: any) => {
        // Not readable by the caller (or not here): the ids stay unnamed rather than shown raw.
        if ([403, 404, 400].includes(error?.code)) return []
        throw error
      })
      for (const record of Array.isArray(page) ? page : page.data) found.set(String(record.id), String(record[column.ref.name] ?? ''))
    }
    names.set(column.key, found)
  }
  return names
}

/**
 * Reads the whole list (at most MAX_EXPORT_ROWS rows) and writes it as the list shows it: its
 * columns in order, labelled and formatted in the caller's language, with a sheet naming the
 * filters, the exporter and the time. `progress` hears after each page how far it got.
 */
export async function buildExport(app: Application, request: ExportRequest, progress?: (done: number, total: number) => Promise<void>, first?: Page): Promise<ExportFile> {
  const { resource, language, caller } = request
  const columns = exportColumnsOf(app.get('modules'))[resource]
  const rows: Row[] = []
  let total = 0
  for (let skip = 0; skip < MAX_EXPORT_ROWS; skip += MAX_PAGE) {
    const page = skip === 0 && first ? first : await readPage(app, request, skip)
    rows.push(...page.rows)
    total = page.whole ? rows.length : page.total
    await progress?.(Math.min(rows.length, MAX_EXPORT_ROWS), Math.min(total, MAX_EXPORT_ROWS))
    if (page.whole || page.rows.length < MAX_PAGE || rows.length >= total) break
  }
  const truncated = total > MAX_EXPORT_ROWS
  if (rows.length > MAX_EXPORT_ROWS) rows.length = MAX_EXPORT_ROWS

  const region = caller.region ? await (app.get('regionCache') as any)?.get(caller.region) : undefined
  const context: CellContext = {
    resource,
    language,
    timeZone: region?.timeZone,
    currency: region?.currency,
    names: await namesOf(app, columns, rows, request)
  }
  const headers = columns.map((column) => fieldLabel(language, resource, column.label ?? column.key))
  const cells = rows.map((row) => columns.map((column) => cellOf(column, column.value ? column.value(row) : row[column.key], context, row)))

  // The list by its name in the catalogue of resources (the audit log's and security editor's words).
  const listName = valueLabel(language, resource, 'resource', resource) ?? resource
  const now = new Date()
  const listQuery = listQueryOf(app, resource, request.query)
  const filters = namedFilters(columns, listQuery, context)
  const sort = namedSort(columns, request.query.$sort, context)
  const about: Array<[string, string]> = [
    [exportWord(language, 'sheet'), listName],
    [exportWord(language, 'exportedBy'), caller.user ? `${caller.user.displayName} (${caller.user.username})` : ''],
    [exportWord(language, 'exportedAt'), formatDateTime(now, { timeZone: context.timeZone, language })],
    ...(region ? [[exportWord(language, 'region'), `${valueLabel(language, resource, 'region', region.code) ?? region.name} (${region.code})`] as [string, string]] : []),
    [exportWord(language, 'rows'), String(rows.length)],
    ...(truncated ? [[exportWord(language, 'rows'), exportWord(language, 'truncated', { count: MAX_EXPORT_ROWS })] as [string, string]] : []),
    ...(sort ? [[exportWord(language, 'sortedBy'), sort] as [string, string]] : []),
    [exportWord(language, 'filter'), filters.length ? '' : exportWord(language, 'noFilters')],
    ...filters
  ]
  return {
    filename: `${resource}-${calendarDay(now, context.timeZone)}.xlsx`,
    contentType: XLSX_TYPE,
    rowCount: rows.length,
    truncated,
    content: await listWorkbook({ sheetName: listName, headers, rows: cells, aboutName: exportWord(language, 'filtersSheet'), about })
  }
}
