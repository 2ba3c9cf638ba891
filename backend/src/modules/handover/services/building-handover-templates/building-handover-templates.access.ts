import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application } from '../../../../declarations.js'
import { defineAccess } from '../../../../kit/access.js'
import { extraReaders } from '../../../../kit/channels.js'

/*
 * Who reads and publishes a building's handover templates (issue 31 item 3, "building handover
 * templates under settings"): staff who keep the building settings (buildings `update`, or
 * settings `update`) publish; they and staff who create handovers (`hotb` create, whose new
 * records are filled from them) read. Tenants and vendors: nothing. A version is never changed
 * once published (no update: a new version is created instead).
 */
type AbilityLike = { can(action: string, subject: any, field?: string): boolean }

export interface TemplateRow extends Record<string, unknown> {
  id: number
  region: string
  buildingId: number
}

/** Keeps the building settings: publishes templates. */
export const editsTemplatesWith = (ability: AbilityLike | undefined, row?: { buildingId?: number; region?: string }) =>
  Boolean(ability?.can('update', row?.buildingId ? subject('buildings', { id: row.buildingId, region: row.region }) : 'buildings') || ability?.can('update', 'settings'))

/** Reads templates: their editors and whoever creates handovers. */
export const readsTemplatesWith = (ability: AbilityLike | undefined) => Boolean(ability?.can('create', 'hotb') || editsTemplatesWith(ability))

export const readsTemplates = (caller: Params) => !caller.provider || readsTemplatesWith((caller as any).ability)

export function templateReaders(app: Application, row: TemplateRow): Channel[] {
  if (!row?.region) return []
  return [extraReaders(app, row.region, [], row, (_user, ability) => readsTemplatesWith(ability))]
}

export const buildingHandoverTemplatesAccess = defineAccess<TemplateRow>({
  subject: 'building-handover-templates',
  read: (_row, caller) => readsTemplates(caller),
  readers: (app, row) => templateReaders(app, row),
  // A published version never changes: nobody updates or locks one; publishing is a create.
  act: (row, action, caller) => action === 'create' && (!caller.provider || editsTemplatesWith((caller as any).ability, row))
})
