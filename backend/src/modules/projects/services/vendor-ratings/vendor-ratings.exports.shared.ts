// Browser-safe: the columns of the vendor performance lists' exports, as their screens show them.
import type { ExportColumns } from '../../../../services/exports/export-columns.shared.js'
import { formatScore } from './vendor-ratings.shared.js'

const score = { key: 'scoreHundredths', value: (record: Record<string, any>) => formatScore(Number(record.scoreHundredths ?? 0)) }

export const vendorRatingsExportColumns: ExportColumns = {
  'vendor-performance': [{ key: 'companyName' }, { key: 'ratings', kind: 'number' }, score, { key: 'standing', kind: 'enum' }, { key: 'lastRatedAt', kind: 'datetime' }],
  'vendor-ratings': [
    { key: 'createdAt', kind: 'datetime' },
    { key: 'projectId', kind: 'names', ref: { resource: 'projects', name: 'number' } },
    { key: 'companyId', kind: 'names', ref: { resource: 'companies', name: 'name' } },
    { key: 'rateType', kind: 'enum' },
    { key: 'ratedBy', kind: 'names', ref: { resource: 'users', name: 'displayName' } },
    { key: 'quality', kind: 'number' },
    { key: 'timeliness', kind: 'number' },
    { key: 'safety', kind: 'number' },
    { key: 'cooperation', kind: 'number' },
    { key: 'housekeeping', kind: 'number' },
    score,
    { key: 'standing', kind: 'enum' },
    { key: 'comment' }
  ]
}
