import type { Id, NullableId, Paginated, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { sameInstant } from '../../hooks/audited-write.js'
import { pickLanguage, type Language } from '../../i18n/messages.js'
import { catalogueTemplate, renderTemplate, templateFields, templateNames, type MailTemplateName, type SavedText } from '../../mail/templates.js'
import { templateTextProblem } from '../../mail/template-text.shared.js'
import type { TemplateVersion } from '../../mail/saved-templates.js'
import type { MailTemplatePatchData, MailTemplateTry } from './mail-templates.schema.js'
import { mailTemplateLanguages, type MailTemplateLanguage, type MailTemplatePreview, type MailTemplateRecord, type MailTemplateText } from './mail-templates.shared.js'

const conn = (app: Application, params: Params = {}): Knex => params.transaction?.trx ?? app.get('knex')

/** The language the caller reads (Accept-Language, then the profile). */
const readerLanguage = (params: Params): Language => (params as any).language ?? pickLanguage(params.headers?.['accept-language'] ?? (params.user as any)?.language)

const knownTemplate = (name: string) => {
  if (!templateNames().includes(name)) throw appError(404, 'NOT_FOUND')
  return name
}

/** A text's problems as the server's 400 (in the caller's language, by the error catalogue). */
export function checkTemplateText(name: string, text: { subject: string; body: string }) {
  if (!text.subject.trim() || !text.body.trim()) throw appError(400, 'MAIL_TEMPLATE_EMPTY')
  const fields = templateFields(name)
  for (const part of [text.subject, text.body]) {
    const problem = templateTextProblem(part, fields)
    if (problem?.code === 'MAIL_TEMPLATE_UNKNOWN_FIELD') throw appError(400, problem.code, { field: problem.field, fields: fields.join(', ') })
    if (problem) throw appError(400, problem.code, { near: problem.near, open: '{{', close: '}}' })
  }
}

/** Sample values of a template's fields for a preview or a test: `[field]`, a link to the portal, a worded value in each language; the caller's own where given. */
export function sampleData(name: string, own: Record<string, string> = {}): Record<string, unknown> {
  const data: Record<string, any> = {}
  for (const field of templateFields(name)) {
    const value = own[field] ?? (field === 'link' ? 'https://portal.example.com/sample' : `[${field}]`)
    const [key, language] = field.split('.')
    if (language) (data[key] ??= {})[language] = value
    else data[field] = value
  }
  return data
}

/**
 * The mail templates of the platform and every module as a region uses them (issue 27 item 19):
 * per language the region's newest saved version, else GLOBAL's, else the catalogue's, read as
 * settings are; a save is a new version (who, when), a restore copies an older version or goes
 * back to the default. Only those who may update settings (mail-templates.ts).
 */
export class MailTemplateService {
  constructor(private app: Application) {}

  /** The newest version of each template and language of the region and of GLOBAL. */
  private async newest(db: Knex, region: string, names?: string[]): Promise<TemplateVersion[]> {
    const query = db('mail_template_versions')
      .whereIn('region', [...new Set([region, 'GLOBAL'])])
      .distinctOn('region', 'template', 'language')
      .orderBy([{ column: 'region' }, { column: 'template' }, { column: 'language' }, { column: 'version', order: 'desc' }])
      .select('*')
    if (names) query.whereIn('template', names)
    return query
  }

  private record(name: string, region: string, rows: TemplateVersion[], reader: Language): MailTemplateRecord {
    const languages = {} as Record<MailTemplateLanguage, MailTemplateText>
    for (const language of mailTemplateLanguages) {
      const catalogue = catalogueTemplate(name, language)!
      const mine = (code: string) => rows.find((row) => row.region === code && row.template === name && row.language === language)
      const own = mine(region)
      const inUse = [own, region === 'GLOBAL' ? undefined : mine('GLOBAL')].find((row) => row && !row.isDefault)
      languages[language] = {
        subject: inUse?.subject ?? catalogue.subject,
        body: inUse?.body ?? catalogue.body,
        source: inUse ? inUse.region : 'default',
        version: inUse?.version ?? null,
        updatedAt: own ? new Date(own.createdAt).toISOString() : null,
        defaultSubject: catalogue.subject,
        defaultBody: catalogue.body
      }
    }
    const words = catalogueTemplate(name, reader)!
    return { id: name, name, region, label: words.label, description: words.description, fields: [...templateFields(name)], languages }
  }

  async find(params: Params = {}): Promise<Paginated<MailTemplateRecord>> {
    const region = params.region ?? 'GLOBAL'
    const rows = await this.newest(conn(this.app, params), region)
    const reader = readerLanguage(params)
    const data = templateNames().map((name) => this.record(name, region, rows, reader))
    return { total: data.length, limit: data.length, skip: 0, data }
  }

  async get(id: Id, params: Params = {}): Promise<MailTemplateRecord> {
    const name = knownTemplate(String(id))
    const region = params.region ?? 'GLOBAL'
    const db = conn(this.app, params)
    const record = this.record(name, region, await this.newest(db, region, [name]), readerLanguage(params))
    const versions: TemplateVersion[] = await db('mail_template_versions')
      .where({ region, template: name })
      .orderBy([{ column: 'language' }, { column: 'version', order: 'desc' }])
      .select('*')
    record.versions = versions.map(({ language, version, subject, body, isDefault, restoredFrom, createdByName, createdAt }) => ({
      language: language as MailTemplateLanguage,
      version,
      subject,
      body,
      isDefault,
      restoredFrom,
      createdByName,
      createdAt: new Date(createdAt).toISOString()
    }))
    return record
  }

  /** Saves one language's text as the region's next version, or restores one of its versions or the default; `updatedAt` is that language's newest version read (null when none). */
  async patch(id: NullableId, data: MailTemplatePatchData, params: Params = {}): Promise<MailTemplateRecord> {
    const name = knownTemplate(String(id))
    const region = params.region ?? 'GLOBAL'
    const db = conn(this.app, params)
    const { language } = data
    // One writer per template, language and region at a time: the version check and the next number hold until the commit.
    await db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`mail-template:${region}:${name}:${language}`])
    const own: TemplateVersion | undefined = await db('mail_template_versions').where({ region, template: name, language }).orderBy('version', 'desc').first()
    if (own ? !sameInstant(data.updatedAt, own.createdAt) : data.updatedAt != null) throw appError(410, 'STALE_WRITE')

    let row: Partial<TemplateVersion>
    if (data.restore === 'default') {
      row = { subject: null, body: null, isDefault: true }
    } else if (data.restore !== undefined) {
      const older: TemplateVersion | undefined = await db('mail_template_versions').where({ region, template: name, language, version: data.restore }).first()
      if (!older) throw appError(400, 'MAIL_TEMPLATE_VERSION', { version: data.restore })
      row = { subject: older.subject, body: older.body, isDefault: older.isDefault, restoredFrom: older.version }
    } else {
      const text = { subject: data.subject ?? '', body: data.body ?? '' }
      checkTemplateText(name, text)
      row = { ...text, isDefault: false }
    }
    const user: any = params.user
    await db('mail_template_versions').insert({
      region,
      template: name,
      language,
      version: (own?.version ?? 0) + 1,
      ...row,
      createdBy: user?.id ?? null,
      createdByName: user ? (user.displayName ?? user.username ?? null) : null,
      // Later than the version before it, whatever the clock: the version a client read names one row.
      createdAt: db.raw("greatest(clock_timestamp(), ?::timestamptz + interval '1 millisecond')", [own?.createdAt ?? new Date(0)])
    })
    return this.get(name, { ...params, transaction: { trx: db } } as Params)
  }
}

/** `POST mail-template-previews`: the text rendered with sample data by the renderer the mailer uses (values HTML-escaped). */
export class MailTemplatePreviewService {
  async create(data: MailTemplateTry): Promise<MailTemplatePreview> {
    const name = knownTemplate(data.template)
    const text: SavedText = { subject: data.subject, body: data.body }
    checkTemplateText(name, text)
    return renderTemplate(name, data.language, sampleData(name, data.data), text)
  }
}

/** `POST mail-template-tests`: the text with sample data, sent to the administrator's own address through the mailer and recorded like every mail. */
export class MailTemplateTestService {
  constructor(private app: Application) {}

  async create(data: MailTemplateTry, params: Params = {}): Promise<{ messageIds: number[]; to: string }> {
    const name = knownTemplate(data.template)
    const text: SavedText = { subject: data.subject, body: data.body }
    checkTemplateText(name, text)
    const to = String((params.user as any)?.email ?? '').trim()
    if (!to) throw appError(400, 'MAIL_TEMPLATE_NO_ADDRESS')
    const region = params.region ?? 'GLOBAL'
    const messageIds = await this.app.get('mailer').enqueue({
      template: name as MailTemplateName,
      to,
      data: sampleData(name, data.data) as any,
      region,
      language: data.language,
      text
    })
    return { messageIds, to }
  }
}
