import ExcelJS from 'exceljs'
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Application } from '../../../declarations.js'
import { appError } from '../../../errors.js'
import { MAX_PAGE } from '../../../kit/query.js'
import type { DocumentRenderer, DocumentRequest } from '../../../services/documents/documents.class.js'
import enUS from '../locales/en-US.js'
import zhCN from '../locales/zh-CN.js'
import { readsCallTree } from '../services/tenancy-contacts/tenancy-contacts.access.js'

type Link = { workingHourOrder: number | null; nonWorkingHourOrder: number | null; contact: any; tenancy: any }
type OrderKey = 'workingHourOrder' | 'nonWorkingHourOrder'

const firstOf = (contact: any, kind: string) => {
  const ofKind = ((contact?.channels ?? []) as Array<{ kind: string; value: string; isPrimary?: boolean }>).filter((channel) => channel.kind === kind)
  return (ofKind.find((channel) => channel.isPrimary) ?? ofKind[0])?.value ?? ''
}

/** Every emergency contact the caller reads, of the tenancies in one building. */
async function emergencyLinks(app: Application, caller: any, buildingCode: string): Promise<Link[]> {
  const links: Link[] = []
  for (let skip = 0; ; skip += MAX_PAGE) {
    const page: any = await app.service('tenancy-contacts').find({ ...caller, query: { isEmergency: true, $limit: MAX_PAGE, $skip: skip, $sort: { id: 1 } } })
    links.push(...page.data.filter((link: Link) => link.tenancy?.buildingCode === buildingCode))
    if (page.data.length < MAX_PAGE) return links
  }
}

/**
 * What both copies of the call tree show: the building, the labels in the reader's language, and
 * for office hours and then outside them the rows to call (tenancy, order, contact, phone,
 * e-mail), by tenancy and call order. Staff only; the building and the contacts are those the
 * caller's own rights read.
 */
async function callTree(app: Application, { id, caller, settings }: DocumentRequest) {
  if (!readsCallTree(caller)) throw appError(403, 'FORBIDDEN')
  const building = await app.service('buildings').get(id, { ...caller, query: {} })
  const labels = settings.language === 'zh-CN' ? zhCN.callTree : enUS.callTree
  const links = await emergencyLinks(app, caller, building.code)
  const section = (title: string, key: OrderKey) => ({
    title,
    rows: links
      .filter((link) => link[key] != null)
      .sort((a, b) => String(a.tenancy?.companyName).localeCompare(String(b.tenancy?.companyName)) || a[key]! - b[key]!)
      .map(
        (link) =>
          [
            [link.tenancy?.companyName, link.tenancy?.tradeName].filter(Boolean).join(' — '),
            link[key]!,
            [link.contact?.prefix, link.contact?.firstName, link.contact?.lastName].filter(Boolean).join(' '),
            firstOf(link.contact, 'PHONE'),
            firstOf(link.contact, 'EMAIL')
          ] as const
      )
  })
  return {
    building,
    labels,
    title: labels.title.replace('{{building}}', `${building.code} ${building.name ?? ''}`.trim()),
    headers: [labels.tenancy, labels.order, labels.contact, labels.phone, labels.email],
    sections: [section(labels.officeHours, 'workingHourOrder'), section(labels.outOfOfficeHours, 'nonWorkingHourOrder')]
  }
}

/** Width in Excel's characters: a CJK character takes two. */
const widthOf = (text: string) => [...text].reduce((sum, character) => sum + (/[\u2e80-\uffff]/.test(character) ? 2 : 1), 0)

/**
 * The per-building emergency call tree (issue 11 item 5): the building's tenancies with their
 * emergency contacts in the order to call them, once for office hours and once outside them,
 * in the reader's language, as a PDF or (`?format=xlsx`) a workbook with a sheet for each order.
 */
export const callTreeRenderer: DocumentRenderer = {
  async render(app, request) {
    const { building, labels, title, headers, sections } = await callTree(app, request)
    const content: Content[] = [{ text: title, style: 'title' }]
    for (const { title: heading, rows } of sections)
      content.push(
        { text: heading, style: 'heading', margin: [0, 12, 0, 6] as [number, number, number, number] },
        rows.length
          ? {
              table: {
                headerRows: 1,
                widths: ['*', 40, '*', 'auto', '*'],
                body: [headers.map((text) => ({ text, bold: true })), ...rows.map((row) => row.map(String))]
              }
            }
          : { text: labels.none }
      )
    const definition: TDocumentDefinitions = {
      content,
      styles: { title: { fontSize: 16, bold: true }, heading: { fontSize: 13, bold: true } },
      defaultStyle: { fontSize: 9 }
    }
    return { filename: `emergency-call-tree-${building.code}.pdf`, definition }
  },

  async spreadsheet(app, request) {
    const { building, headers, sections } = await callTree(app, request)
    const workbook = new ExcelJS.Workbook()
    workbook.created = request.settings.now
    for (const { title, rows } of sections) {
      const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
      sheet.addRow(headers)
      for (const row of rows) sheet.addRow([...row])
      sheet.getRow(1).font = { bold: true }
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } }
      headers.forEach((header, index) => {
        const widest = Math.max(widthOf(header), ...rows.map((row) => widthOf(String(row[index]))))
        sheet.getColumn(index + 1).width = Math.min(Math.max(widest + 2, 8), 60)
      })
    }
    return { filename: `emergency-call-tree-${building.code}.xlsx`, content: Buffer.from(await workbook.xlsx.writeBuffer()) }
  }
}
