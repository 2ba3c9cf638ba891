import type { Application } from '../../declarations.js'
import { auditLogPath } from './audit-log.shared.js'

/**
 * Audit rows are written straight into their table (in the transaction of the write they record),
 * not through the audit-log service, so the service tells its readers itself: `created` with the
 * stored row, once the row is committed. The service's publisher (audit-log.ts) decides who hears it.
 */
export function announceAuditEntries(app: Application, rows: unknown[]) {
  const service = (app as any).services?.[auditLogPath]
  if (!service) return
  for (const row of rows) if (row && typeof row === 'object') service.emit('created', row)
}
