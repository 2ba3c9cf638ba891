// One file on purpose (issue 28): the handover/takeback PDFs are one print (hotbPrintOf) laid out in
// shared sections; the schedule, key and sealed documents differ only in which sections they take.
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations.js'
import type { Language } from '../../../i18n/messages.js'
import { formatDate, formatDateTime, formatMoney, fromCents } from '../../../format/format.shared.js'
import { storedBytes } from '../../../storage/create-storage.js'
import { hotbSections } from '../services/hotb-schedule-items/hotb-schedule-items.shared.js'
import { hotbContentOf } from '../services/hotb-signatures/hotb-content.js'
import { scalablePictureTypes, scaledJpeg } from '../services/hotb-photos/scaled-picture.js'
import { deductionsTotalCents } from '../services/hotb-deductions/hotb-deductions.shared.js'
import { bilingual, bilingualLabels, fill, hotbDocumentLabels, type HotbDocumentLabels } from './labels.js'
import { schedulePages } from './schedule-pages.js'

/*
 * The handover/takeback PDFs (spec §8 PDF types hotbSchedule and keyHotb; issue 31 §7 the sealed
 * original): the condition schedule laid out by the spec's page rule (schedule-pages.ts), each
 * item's condition and remarks with its photos as thumbnails (and on a takeback the handover's
 * condition beside), the key ledger, and for the sealed original the signatures and a certificate
 * page. In the reader's language (the sealed original in English and Chinese side by side: one
 * document for both parties) and on the region's clock.
 */

export interface PrintSettings {
  language: Language
  timeZone: string
  currency?: string
}

export interface HotbPrint {
  record: any
  building: string | null
  items: any[]
  keys: any[]
  /** The photos that are pictures sharp reads (JPEG, PNG, WebP), scaled down for print (`printablePicture`), by schedule item. */
  photos: Map<number, Array<{ dataUrl: string; caption: string | null }>>
  photoCounts: Map<number, number>
  /** The schedule items turned into deductions on the tenancy's deposit ledger (`hotb_item_deductions`). */
  onLedger: Set<number>
  contentSha256: string
  content: unknown
}

/**
 * The long side of a photo as the PDFs hold it, in pixels: a phone's 12 MP pictures held at full
 * size made a 60-photo record a PDF of hundreds of MB. 1280 is several times what the printed
 * thumbnail needs at 300 dpi, still shows a scratch when zoomed in, and lets the JPEG decoder
 * shrink a phone's 4032-pixel picture while reading it (measured: 12 pictures scaled in 0.4 s,
 * against 1.5 s at 1600).
 */
export const printedPhotoSide = 1280

/** A photo as the PDFs hold it (scaled-picture.ts); one sharp cannot decode (HEIC) is counted but left out. */
export const printablePicture = (bytes: Buffer) => scaledJpeg(bytes, printedPhotoSide, 80)

/** What the PDFs print of a record, read from the database (the caller has already been allowed to read the record). */
export async function hotbPrintOf(app: Application, db: Knex, hotbId: number): Promise<HotbPrint> {
  const { record, items, keys, photos, content, sha256 } = await hotbContentOf(db, hotbId)
  const building = record.buildingId ? await db('buildings').where({ id: record.buildingId }).first('code', 'name') : null
  // pluck reads the raw row: the column's own name.
  const booked: number[] = record.type === 'TAKEBACK' ? await db('hotb_item_deductions').where({ hotbId }).pluck('schedule_item_id') : []
  const files = photos.length
    ? await db('files')
        .whereIn(
          'id',
          photos.map((photo: any) => photo.fileId)
        )
        .select('id', 'storageKey', 'mimeType')
    : []
  const fileOf = new Map(files.map((file: any) => [file.id, file]))
  const printed = new Map<number, Array<{ dataUrl: string; caption: string | null }>>()
  const counts = new Map<number, number>()
  for (const photo of photos) counts.set(photo.scheduleItemId, (counts.get(photo.scheduleItemId) ?? 0) + 1)
  // Read and scaled side by side (sharp works off the event loop), printed in the record's order.
  const pictures = await Promise.all(
    photos.map(async (photo: any) => {
      const file: any = fileOf.get(photo.fileId)
      if (!file || !scalablePictureTypes.has(file.mimeType)) return null
      const bytes = await storedBytes(app, file.storageKey).catch(() => null)
      return bytes && (await printablePicture(bytes).catch(() => null))
    })
  )
  photos.forEach((photo: any, index: number) => {
    const picture = pictures[index]
    if (!picture) return
    const list = printed.get(photo.scheduleItemId) ?? []
    list.push({ dataUrl: `data:image/jpeg;base64,${picture.toString('base64')}`, caption: photo.caption })
    printed.set(photo.scheduleItemId, list)
  })
  return { record, building: building ? building.name || building.code : null, items, keys, photos: printed, photoCounts: counts, onLedger: new Set(booked), contentSha256: sha256, content }
}

const styles = {
  title: { fontSize: 15, bold: true, color: '#1f3b63' },
  section: { fontSize: 11, bold: true, color: '#1f3b63', margin: [0, 10, 0, 4] },
  label: { bold: true, color: '#444444' },
  header: { bold: true, fillColor: '#eef2f7' },
  note: { color: '#666666', fontSize: 8 },
  footer: { fontSize: 7, color: '#888888' }
} as any

const ruled = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#b0b8c4',
  vLineColor: () => '#b0b8c4',
  paddingTop: () => 3,
  paddingBottom: () => 3,
  paddingLeft: () => 4,
  paddingRight: () => 4
}

function frame(print: HotbPrint, labels: HotbDocumentLabels, title: string, content: Content[]): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageMargins: [40, 50, 40, 50],
    info: { title, producer: 'portal', creator: 'portal' } as any,
    footer: (page: number, pages: number) => ({
      margin: [40, 15, 40, 0],
      columns: [
        { text: print.record.name, style: 'footer' },
        { text: fill(labels.page, { page, pages }), style: 'footer', alignment: 'right', width: 'auto' }
      ]
    }),
    content,
    styles
  }
}

/** The record's heading: title and the facts that name it. */
function heading(print: HotbPrint, labels: HotbDocumentLabels, settings: PrintSettings, title: string): Content[] {
  const { record } = print
  const row = (label: string, value: unknown): TableCell[] => [{ text: label, style: 'label' }, { text: value === null || value === undefined || value === '' ? '—' : String(value) }]
  return [
    { text: title, style: 'title', margin: [0, 0, 0, 8] },
    {
      table: {
        widths: [110, '*'],
        body: [
          row(labels.record, record.name),
          row(labels.company, record.companyName),
          row(labels.tradeName, record.tradeName),
          row(labels.building, print.building),
          row(labels.premises, (record.premises ?? []).join(', ')),
          row(labels.scheduledAt, formatDateTime(record.scheduledAt, settings)),
          ...(record.actualDate ? [row(labels.actualDate, formatDate(record.actualDate, settings))] : []),
          ...(record.remarkToTenant ? [row(labels.remarkToTenant, record.remarkToTenant)] : [])
        ]
      },
      layout: ruled
    }
  ]
}

const typeOf = (print: HotbPrint, labels: HotbDocumentLabels) => labels.types[print.record.type as 'HANDOVER' | 'TAKEBACK'] ?? print.record.type

/** The condition schedule: a table per schedule (section), the pages broken by the spec's rule. */
export function scheduleContent(print: HotbPrint, labels: HotbDocumentLabels): Content[] {
  const takeback = print.record.type === 'TAKEBACK'
  const schedules = hotbSections.map((section) => ({ section, items: print.items.filter((line) => line.section === section) })).filter((schedule) => schedule.items.length)
  if (!schedules.length) return [{ text: labels.noItems, style: 'note', margin: [0, 10, 0, 0] }]
  const files = schedules.map((schedule) => schedule.items.reduce((sum, line) => sum + (print.photoCounts.get(line.id) ?? 0), 0))
  const pages = schedulePages(files)
  // A new header row for each table: pdfmake writes its layout into the cells it is given, and a row shared by two tables printed blank in the second.
  const headerRow = (): TableCell[] => [labels.item, ...(takeback ? [labels.handoverCondition] : []), labels.condition, labels.remarks].map((text) => ({ text, style: 'header' }))
  const widths = takeback ? ['*', 90, 90, '*'] : ['*', 110, '*']
  const content: Content[] = []
  pages.forEach((page, number) => {
    page.forEach((index, position) => {
      const schedule = schedules[index]
      const body: TableCell[][] = [headerRow()]
      for (const line of schedule.items) {
        body.push([
          { text: line.item },
          ...(takeback ? [{ text: [line.handoverCondition, line.handoverRemarks].filter(Boolean).join(' — ') || '—' }] : []),
          { text: line.condition || '—' },
          { text: line.remarks || '' }
        ])
        const pictures = print.photos.get(line.id) ?? []
        if (pictures.length) {
          body.push([
            {
              colSpan: widths.length,
              columns: pictures.map((picture) => ({ stack: [{ image: picture.dataUrl, fit: [110, 80] }, ...(picture.caption ? [{ text: picture.caption, style: 'note' }] : [])], width: 'auto' })),
              columnGap: 6
            } as any,
            ...Array.from({ length: widths.length - 1 }, () => ({ text: '' }))
          ])
        }
      }
      content.push({
        stack: [
          { text: labels.sections[schedule.section as keyof HotbDocumentLabels['sections']] ?? schedule.section, style: 'section' },
          { table: { headerRows: 1, widths, body }, layout: ruled }
        ],
        ...(number > 0 && position === 0 ? { pageBreak: 'before' } : {})
      } as Content)
    })
  })
  return content
}

/**
 * A takeback's deductions list (issue 31 §5): each item marked deteriorated since the handover,
 * with why and what it costs, whether it is booked on the tenant's deposit ledger, and the total;
 * where there is no deposit ledger this list is where the deductions are written down.
 */
export function deductionsContent(print: HotbPrint, labels: HotbDocumentLabels, settings: PrintSettings): Content[] {
  if (print.record.type !== 'TAKEBACK') return []
  const deteriorated = print.items.filter((line) => line.deteriorated)
  const heading: Content = { text: labels.deductions, style: 'section' }
  if (!deteriorated.length) return [heading, { text: labels.noDeductions, style: 'note' }]
  const money = (cents: number) => formatMoney(fromCents(cents), settings.currency)
  const sectionOf = (section: string) => labels.sections[section as keyof HotbDocumentLabels['sections']] ?? section
  const total = deductionsTotalCents(deteriorated)
  const body: TableCell[][] = [
    [labels.item, labels.deductionReason, labels.amount, labels.onLedger].map((text) => ({ text, style: 'header' })),
    ...deteriorated.map((line): TableCell[] => [
      { text: `${sectionOf(line.section)}: ${line.item}` },
      { text: line.deductionReason ?? '' },
      { text: line.deductionCents === null || line.deductionCents === undefined ? '—' : money(Number(line.deductionCents)), alignment: 'right' as const },
      { text: print.onLedger.has(line.id) ? labels.yes : '' }
    ]),
    [{ text: labels.total, style: 'label', colSpan: 2 }, { text: '' }, { text: money(total), alignment: 'right' as const, bold: true }, { text: '' }]
  ]
  return [heading, { table: { headerRows: 1, widths: ['*', '*', 80, 70], body }, layout: ruled, unbreakable: deteriorated.length < 20 } as Content]
}

/** The key ledger: item, keys, handed over, access cards, and at takeback the outcome, charge and waiver reason. */
export function keyContent(print: HotbPrint, labels: HotbDocumentLabels, settings: PrintSettings): Content[] {
  if (!print.keys.length) return [{ text: labels.noKeys, style: 'note', margin: [0, 10, 0, 0] }]
  const header = [labels.item, labels.keys, labels.keysHandedOver, labels.accessCards, labels.outcome, labels.charge, labels.waiverReason].map((text) => ({ text, style: 'header' }))
  const body: TableCell[][] = [
    header,
    ...print.keys.map((line): TableCell[] => [
      { text: line.item },
      { text: String(line.keys), alignment: 'right' as const },
      { text: String(line.keysHandedOver), alignment: 'right' as const },
      { text: String(line.accessCards), alignment: 'right' as const },
      { text: line.outcome ? (labels.outcomes[line.outcome as keyof HotbDocumentLabels['outcomes']] ?? line.outcome) : '' },
      { text: line.chargeCents === null || line.chargeCents === undefined ? '' : formatMoney(fromCents(line.chargeCents), settings.currency), alignment: 'right' as const },
      { text: line.waiverReason ?? '' }
    ])
  ]
  return [
    { text: labels.keys, style: 'section' },
    { table: { headerRows: 1, widths: ['*', 35, 55, 50, 55, 70, '*'], body }, layout: ruled }
  ]
}

export function hotbScheduleDefinition(print: HotbPrint, settings: PrintSettings) {
  const labels = hotbDocumentLabels(settings.language)
  const title = fill(labels.scheduleTitle, { type: typeOf(print, labels) })
  return {
    filename: fill(labels.fileSchedule, { name: print.record.name }),
    definition: frame(print, labels, title, [...heading(print, labels, settings, title), ...scheduleContent(print, labels), ...deductionsContent(print, labels, settings)])
  }
}

export function keyHotbDefinition(print: HotbPrint, settings: PrintSettings) {
  const labels = hotbDocumentLabels(settings.language)
  const title = fill(labels.keyTitle, { type: typeOf(print, labels) })
  return { filename: fill(labels.fileKeys, { name: print.record.name }), definition: frame(print, labels, title, [...heading(print, labels, settings, title), ...keyContent(print, labels, settings)]) }
}

export interface SealedSignature {
  party: string
  signerName: string
  signedAt: Date
  method: string
  image: Buffer
}

/**
 * The sealed original: the schedule, the key ledger, every signature image with its name and time,
 * then a certificate page with the signers, their times, the method and the SHA-256 of the content
 * (hotb-content.ts says what it covers and why the file's own hash is kept beside it, not in it).
 */
export function sealedDefinition(print: HotbPrint, printSettings: PrintSettings, seal: { signatures: SealedSignature[]; contentSha256: string; sealedAt: Date; verifyUrl: string }) {
  // One document for both parties (labels.ts `bilingualLabels`): its dates in the one form, the English.
  const settings: PrintSettings = { ...printSettings, language: 'en-US' }
  const labels = bilingualLabels()
  const [en, zh] = [hotbDocumentLabels('en-US'), hotbDocumentLabels('zh-CN')]
  const inBoth = (text: (labels: HotbDocumentLabels) => string) => bilingual(text(en), text(zh))
  const title = inBoth((some) => fill(some.sealedTitle, { type: typeOf(print, some) }))
  const partyIn = (some: HotbDocumentLabels, party: string) => some.parties[party as 'TENANT' | 'LANDLORD'] ?? party
  const partyOf = (party: string) => bilingual(partyIn(en, party), partyIn(zh, party))
  const signatures: Content = {
    stack: [
      { text: labels.signatures, style: 'section' },
      {
        columns: seal.signatures.map((signature) => ({
          width: '*',
          stack: [
            { image: `data:image/png;base64,${signature.image.toString('base64')}`, fit: [200, 90] },
            { text: inBoth((some) => fill(some.signedBy, { party: partyIn(some, signature.party), name: signature.signerName })), bold: true },
            { text: inBoth((some) => fill(some.signedAt, { at: formatDateTime(signature.signedAt, settings) })), style: 'note' }
          ]
        })),
        columnGap: 20
      }
    ],
    unbreakable: true
  } as Content
  const certificate: Content[] = [
    { text: labels.certificate, style: 'title', pageBreak: 'before', margin: [0, 0, 0, 8] },
    { text: labels.certificateIntro, margin: [0, 0, 0, 8] },
    {
      table: {
        headerRows: 1,
        widths: ['*', 70, 110, 90],
        body: [
          [labels.signer, labels.party, labels.time, labels.method].map((text) => ({ text, style: 'header' })),
          ...seal.signatures.map((signature) => [
            signature.signerName,
            partyOf(signature.party),
            formatDateTime(signature.signedAt, settings) + ` (${new Date(signature.signedAt).toISOString()})`,
            labels.methods[signature.method as 'drawn-in-person'] ?? signature.method
          ])
        ]
      },
      layout: ruled
    },
    {
      margin: [0, 10, 0, 0],
      table: {
        widths: [110, '*'],
        body: [
          [{ text: labels.record, style: 'label' }, print.record.name],
          [{ text: labels.premises, style: 'label' }, (print.record.premises ?? []).join(', ')],
          [{ text: labels.sealedAt, style: 'label' }, `${formatDateTime(seal.sealedAt, settings)} (${seal.sealedAt.toISOString()})`],
          [
            { text: labels.contentHash, style: 'label' },
            { text: seal.contentSha256, fontSize: 8 }
          ]
        ]
      },
      layout: ruled
    },
    { text: inBoth((some) => fill(some.contentHashNote, { url: seal.verifyUrl })), style: 'note', margin: [0, 8, 0, 0] }
  ]
  const definition = frame(print, labels, title, [
    ...heading(print, labels, settings, title),
    ...scheduleContent(print, labels),
    ...deductionsContent(print, labels, settings),
    { text: '', pageBreak: 'before' },
    ...keyContent(print, labels, settings),
    signatures,
    ...certificate
  ])
  definition.info = { ...(definition.info as object), creationDate: seal.sealedAt } as any
  return { filename: fill(labels.fileSealed, { name: print.record.name }), definition }
}
