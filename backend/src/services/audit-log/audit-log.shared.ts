export const auditLogPath = 'audit-log'
export const auditLogMethods = ['find', 'get'] as const

/** Counts of audited writes per day, resource and action; read with the audit-log permission. */
export const auditReportPath = 'audit-report'
export const auditReportMethods = ['find'] as const
