import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Application } from '../../../declarations.js'
import { appError } from '../../../errors.js'
import { MAX_PAGE } from '../../../services/query.js'
import type { DocumentRenderer } from '../../../services/documents/documents.class.js'
import enUS from '../locales/en-US.js'
import zhCN from '../locales/zh-CN.js'

type Link = { workingHourOrder: number | null; nonWorkingHourOrder: number | null; contact: any; tenancy: any }

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
 * The per-building emergency call tree (issue 11 item 5): the building's tenancies with their
 * emergency contacts in the order to call them, once for office hours and once outside them,
 * in the reader's language. Staff only; the contacts are those their tenancy rights read.
 */
export const callTreeRenderer: DocumentRenderer = {
  async render(app, { id, caller, settings, isStaff }) {
    if (!isStaff) throw appError(403, 'FORBIDDEN')
    const building = await app.service('buildings').get(id, { ...caller, query: {} })
    const labels = settings.language === 'zh-CN' ? zhCN.callTree : enUS.callTree
    const links = await emergencyLinks(app, caller, building.code)
    const section = (title: string, key: 'workingHourOrder' | 'nonWorkingHourOrder'): Content[] => {
      const rows = links.filter((link) => link[key] != null).sort((a, b) => String(a.tenancy?.companyName).localeCompare(String(b.tenancy?.companyName)) || a[key]! - b[key]!)
      return [
        { text: title, style: 'heading', margin: [0, 12, 0, 6] as [number, number, number, number] },
        rows.length
          ? {
              table: {
                headerRows: 1,
                widths: ['*', 40, '*', 'auto', '*'],
                body: [
                  [labels.tenancy, labels.order, labels.contact, labels.phone, labels.email].map((text) => ({ text, bold: true })),
                  ...rows.map((link) => [
                    [link.tenancy?.companyName, link.tenancy?.tradeName].filter(Boolean).join(' — '),
                    String(link[key]),
                    [link.contact?.prefix, link.contact?.firstName, link.contact?.lastName].filter(Boolean).join(' '),
                    firstOf(link.contact, 'PHONE'),
                    firstOf(link.contact, 'EMAIL')
                  ])
                ]
              }
            }
          : { text: labels.none }
      ]
    }
    const definition: TDocumentDefinitions = {
      content: [
        { text: labels.title.replace('{{building}}', `${building.code} ${building.name ?? ''}`.trim()), style: 'title' },
        ...section(labels.officeHours, 'workingHourOrder'),
        ...section(labels.outOfOfficeHours, 'nonWorkingHourOrder')
      ],
      styles: { title: { fontSize: 16, bold: true }, heading: { fontSize: 13, bold: true } },
      defaultStyle: { fontSize: 9 }
    }
    return { filename: `emergency-call-tree-${building.code}.pdf`, definition }
  }
}
