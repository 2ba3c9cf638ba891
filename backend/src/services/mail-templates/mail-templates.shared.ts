// Browser-safe: the mail templates administrators edit (issue 27 item 19).
export const mailTemplatesPath = 'mail-templates'
export const mailTemplatesMethods = ['find', 'get', 'patch'] as const
/** `POST mail-template-previews`: a text rendered with sample data by the mailer's renderer. */
export const mailTemplatePreviewsPath = 'mail-template-previews'
/** `POST mail-template-tests`: a text sent to the administrator's own address through the mailer. */
export const mailTemplateTestsPath = 'mail-template-tests'

export const mailTemplateLanguages = ['en-US', 'zh-CN'] as const
export type MailTemplateLanguage = (typeof mailTemplateLanguages)[number]

/** One language of a template as the region uses it. */
export interface MailTemplateText {
  subject: string
  body: string
  /** Where the text comes from: `default` (the catalogue), `GLOBAL` or the region. */
  source: string
  /** The version in use (null for the catalogue's). */
  version: number | null
  /** The region's own newest version's time (null while it has none): the version a save must carry. */
  updatedAt: string | null
  /** The catalogue's text, to compare and restore. */
  defaultSubject: string
  defaultBody: string
}

export interface MailTemplateVersionRow {
  language: MailTemplateLanguage
  version: number
  subject: string | null
  body: string | null
  isDefault: boolean
  restoredFrom: number | null
  createdByName: string | null
  createdAt: string
}

/** A template (`id` is its name) as a region uses it; `versions` (the region's own, newest first) only from `get`. */
export interface MailTemplateRecord {
  id: string
  name: string
  region: string
  label: string
  description: string
  /** The fields its texts may use (`{{field}}`). */
  fields: string[]
  languages: Record<MailTemplateLanguage, MailTemplateText>
  versions?: MailTemplateVersionRow[]
}

/** A save of one language (`subject` and `body`), or a restore of a version of the region or of the default. */
export interface MailTemplatePatch {
  language: MailTemplateLanguage
  subject?: string
  body?: string
  restore?: number | 'default'
  updatedAt: string | null
}

export interface MailTemplatePreview {
  subject: string
  html: string
  text: string
}
