import { DEFAULT_CONFIRM_DAYS } from './services/tenancy-contacts/tenancy-contacts.shared.js'

/** The tenancy records settings with our defaults, each editable per region (system settings). */
export const tenancySettingDefaults = {
  /** Days after which a tenancy's contacts count as stale and its master account is asked to confirm them (job "contact info confirm"). */
  'tenancies.contactConfirmDays': DEFAULT_CONFIRM_DAYS
} as const

declare module '../../settings-values.js' {
  interface ModuleSettingDefaults {
    'tenancies.contactConfirmDays': number
  }
}
