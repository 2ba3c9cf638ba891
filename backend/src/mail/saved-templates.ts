import type { Knex } from 'knex'
import type { Language } from '../i18n/messages.js'
import type { SavedText } from './templates.js'

/** One saved version of a template in one language for one region (table `mail_template_versions`). */
export interface TemplateVersion {
  id: number
  region: string
  template: string
  language: Language
  version: number
  subject: string | null
  body: string | null
  /** Restores the default: the template follows what it inherits (GLOBAL's version, else the catalogue). */
  isDefault: boolean
  restoredFrom: number | null
  createdBy: number | null
  createdByName: string | null
  createdAt: Date
}

/** The text in use and where it comes from: a region's (or GLOBAL's) newest version, or the catalogue (`default`). */
export interface TextInUse {
  text?: SavedText
  source: string
  version: number | null
}

/**
 * The text the mailer uses for a template in a language in a region, as settings are read: the
 * region's newest version, else GLOBAL's, else the catalogue's; a newest version that restores the
 * default passes on to the next.
 */
export async function textInUse(db: Knex, region: string, template: string, language: Language): Promise<TextInUse> {
  const regions = [...new Set([region, 'GLOBAL'])]
  const rows: TemplateVersion[] = await db('mail_template_versions')
    .whereIn('region', regions)
    .where({ template, language })
    .distinctOn('region')
    .orderBy([{ column: 'region' }, { column: 'version', order: 'desc' }])
    .select('region', 'version', 'subject', 'body', 'isDefault')
  for (const code of regions) {
    const newest = rows.find((row) => row.region === code)
    if (newest && !newest.isDefault) return { text: { subject: newest.subject!, body: newest.body! }, source: code, version: newest.version }
  }
  return { source: 'default', version: null }
}
