import { schemaHooks } from '../../validators.js'
import type { Application, HookContext } from '../../declarations.js'
import { readersOf } from '../../kit/channels.js'
import { appError } from '../../errors.js'
import { fieldLabel, pickLanguage } from '../../i18n/messages.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../../kit/query.js'
import { AuditLogService } from './audit-log.class.js'
import { auditEntryQueryValidator, auditEntrySchema, auditReportQueryValidator } from './audit-log.schema.js'
import { auditLogMethods, auditLogPath, auditReportMethods, auditReportPath } from './audit-log.shared.js'
import { AuditReportService } from './audit-report.class.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [auditLogPath]: AuditLogService
    [auditReportPath]: AuditReportService
  }
}

/** The report counts audit-log rows, so reading it is reading the audit log. */
const canReadAuditLog = (context: HookContext) => {
  if (context.params.provider && !context.params.ability?.can('read', auditLogPath)) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * One entry names the fields of its before and after in the caller's language (the export
 * catalogue's labels, `fields`), so the changes read as the record's screen names them, not as
 * column keys (issue 27 item 18); a field with no label keeps its key.
 */
const labelFields = (context: HookContext) => {
  const entry = context.result
  if (!entry || typeof entry !== 'object') return context
  const language = context.params.language ?? pickLanguage(context.params.headers?.['accept-language'])
  const keys = new Set<string>()
  for (const side of [entry.before, entry.after]) if (side && typeof side === 'object' && !Array.isArray(side)) for (const key of Object.keys(side)) keys.add(key)
  entry.fieldLabels = Object.fromEntries([...keys].map((key) => [key, fieldLabel(language, entry.resource, key)]))
  return context
}

/** Reading the audit log of the request's region: the log and a per-day report. Reads are not audited. */
export const auditLog = (app: Application) => {
  app.use(
    auditLogPath,
    new AuditLogService({
      Model: app.get('knex'),
      name: 'audit_log',
      paginate: app.get('paginate'),
      operators: knexOperators
    }),
    { methods: [...auditLogMethods], regional: true, audit: false } as any
  )

  app.service(auditLogPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(auditEntryQueryValidator), authorize(auditEntrySchema)],
      get: [schemaHooks.validateQuery(auditEntryQueryValidator), authorize(auditEntrySchema)]
    },
    after: {
      find: [authorize(auditEntrySchema)],
      get: [authorize(auditEntrySchema), labelFields]
    }
  })

  // Live entries (audit-log.announce.ts) go where a find would show them: the row's region, to
  // those whose ability reads the audit log there. A row of no region is in no region's log.
  app.service(auditLogPath).publish((data: any, context: HookContext) => (typeof data?.region === 'string' ? readersOf(app, data, context) : []))

  app.use(auditReportPath, new AuditReportService(app), { methods: [...auditReportMethods], regional: true, audit: false } as any)

  app.service(auditReportPath).hooks({
    before: { find: [schemaHooks.validateQuery(auditReportQueryValidator), canReadAuditLog] }
  })
}
