import { MethodNotAllowed } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { pickLanguage, type Language } from '../../i18n/messages.js'
import { renderPdf } from '../../documents/pdf.js'
import type { ModuleManifest } from '../../modules/manifest.js'

export const spreadsheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface DocumentFile {
  filename: string
  contentType: 'application/pdf' | typeof spreadsheetType
  content: Buffer
  /** The bytes' SHA-256 (hex), for a document kept as first rendered: sent as `X-Content-SHA256`. */
  sha256?: string
}

export type DocumentParams = Params & { route?: Record<string, string>; language?: Language }

/** What a document is printed for: the reader's language, the region's clock and currency. */
export interface DocumentSettings {
  language: Language
  timeZone: string
  currency?: string
  now: Date
}

export interface DocumentRequest {
  /** The record id of the address (`documents/<type>/<id>`), as typed. */
  id: string
  /** The caller's params without route and query: read every record through its service with these. */
  caller: Params
  params: DocumentParams
  settings: DocumentSettings
}

/**
 * One document type of a module (its manifest's `documents`): reads what it prints through the
 * records' own services with the caller's params, so region scope and abilities decide what it
 * may show (404 for what the caller may not read), and returns the file name and the pdfmake definition.
 */
export interface DocumentRenderer {
  render(app: Application, request: DocumentRequest): Promise<{ filename: string; definition: TDocumentDefinitions } | StoredDocument>
  /** The same document as a workbook (`?format=xlsx`), for a type that has one: same reads, same rights. */
  spreadsheet?(app: Application, request: DocumentRequest): Promise<{ filename: string; content: Buffer }>
}

/** A document kept as it was first rendered (a frozen record's): its bytes, given as they are. */
export interface StoredDocument {
  filename: string
  content: Buffer
  sha256: string
}

/** The modules' document types (each manifest's `documents`). */
const rendererOf = (modules: readonly ModuleManifest[], type: string): DocumentRenderer | undefined =>
  modules.find((module) => module.documents && Object.hasOwn(module.documents, type))?.documents?.[type]

/**
 * `GET documents/:type/:id`: a module's document as a PDF, in the reader's language;
 * `?format=xlsx` asks for its workbook where the type has one.
 */
export class DocumentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}): Promise<DocumentFile> {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Documents are downloaded over HTTP')
    const renderer = rendererOf(this.app.get('modules'), String(params.route?.type ?? ''))
    const id = String(params.route?.id ?? '')
    const format = params.query?.format ?? 'pdf'
    if (!renderer || !id || (format !== 'pdf' && !(format === 'xlsx' && renderer.spreadsheet))) throw appError(404, 'NOT_FOUND')
    const { query: _query, route: _route, casl: _casl, ...caller } = params as any
    const request: DocumentRequest = { id, caller, params, settings: await this.settings(params) }
    if (format === 'xlsx') return { ...(await renderer.spreadsheet!(this.app, request)), contentType: spreadsheetType }
    const rendered = await renderer.render(this.app, request)
    if ('content' in rendered) return { ...rendered, contentType: 'application/pdf' }
    return { filename: rendered.filename, contentType: 'application/pdf', content: await renderPdf(rendered.definition) }
  }

  private async settings(params: DocumentParams): Promise<DocumentSettings> {
    const language: Language = params.language ?? pickLanguage(params.headers?.['accept-language'] ?? params.user?.language)
    const region = params.region ? await this.app.get('regionCache').get(params.region) : undefined
    return { language, timeZone: region?.timeZone ?? 'UTC', currency: region?.currency ?? undefined, now: new Date() }
  }
}
