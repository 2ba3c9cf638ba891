// Browser-safe: the half of a module's manifest that the browser reads too (see manifest.ts).

/** The browser-safe half (`<module>/module.shared.ts`): the browser's permission editor and export buttons read it. */
export interface SharedModuleManifest {
  name: string
  /** Permission catalogue entries: each resource (its Feathers path) with every action a grant may name. */
  permissions: Readonly<Record<string, readonly string[]>>
  /** Lists of the module with a spreadsheet export (`GET exports/<resource>`). */
  exportable?: readonly string[]
}
