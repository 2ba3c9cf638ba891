/** The contacts settings with our defaults, each editable per region (system settings). */
export const contactSettingDefaults = {
  /** Spec §3: companies of types C, T and D use the default tenant address text: its lines, address lines 1 to 4. */
  'contacts.defaultTenantAddress': ['c/o Tenancy Management Office', 'Management Office, G/F']
} as const

declare module '../../settings-values.js' {
  interface ModuleSettingDefaults {
    'contacts.defaultTenantAddress': readonly string[]
  }
}
