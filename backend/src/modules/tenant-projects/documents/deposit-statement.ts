import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import { formatDateTime } from '../../../format/format.shared.js'
import { appError } from '../../../errors.js'
import type { DocumentRenderer, DocumentRequest } from '../../../services/documents/documents.class.js'
import enUS from '../locales/en-US.js'
import zhCN from '../locales/zh-CN.js'
import { formatMoneyCents } from '../services/deposits/deposit-ledger.shared.js'

/**
 * The deposit refund statement of a project (issue 30 item 2 "A refund statement PDF for
 * accounting lists every line"; `GET documents/tenant-deposit-statement/<project id>`): the
 * project, the deposit and its payee, every deduction (kind, reason, who, when, amount), the total
 * deducted, the refund and its payee, in the reader's language. Read through the services with the
 * caller's own rights: whoever does not read the project's deposit gets 404.
 */
export const depositStatementRenderer: DocumentRenderer = {
  async render(app, { id, caller, settings }: DocumentRequest) {
    const labels = settings.language === 'zh-CN' ? zhCN.depositPdf : enUS.depositPdf
    const projectId = Number(id)
    if (!Number.isSafeInteger(projectId) || projectId < 1 || projectId > 2_147_483_647) throw appError(404, 'NOT_FOUND')
    const [deposit] = (await app.service('tenant-project-deposits').find({ ...caller, query: { projectId, $limit: 1 } } as any)).data
    if (!deposit) throw appError(404, 'NOT_FOUND')
    const project = await app.service('tenant-projects').get(projectId, { ...caller, query: {} } as any)
    const deductions: any[] = (await app.service('tenant-project-deductions').find({ ...caller, query: { projectId, $limit: 100, $sort: { id: 1 } } } as any)).data
    // A ledger longer than a page: read the rest, still as the caller.
    for (let skip = 100; deductions.length === skip; skip += 100) {
      deductions.push(...(await app.service('tenant-project-deductions').find({ ...caller, query: { projectId, $limit: 100, $skip: skip, $sort: { id: 1 } } } as any)).data)
    }
    const [refund] = (
      await app
        .service('tenant-project-refunds')
        .find({ ...caller, query: { projectId, $limit: 1 } } as any)
        .catch(() => ({ data: [] }))
    ).data
    const money = (cents: number) => formatMoneyCents(Number(cents), deposit.currency)
    const when = (value: unknown) => (value ? formatDateTime(value, { language: settings.language, timeZone: settings.timeZone }) : '—')
    const payee = (type: string, name: string, address: string) => [(labels.payees as Record<string, string>)[type] ?? type, name, address].filter(Boolean).join('\n')
    const status = (labels.statuses as Record<string, string>)[refund?.status ?? 'NONE']
    const content: Content[] = [
      { text: labels.title, style: 'title' },
      {
        table: {
          widths: [120, '*'],
          body: [
            [labels.project, project.projectName],
            [labels.company, `${project.companyName ?? ''} ${project.tradeName ?? ''}`.trim()],
            [labels.deposit, money(deposit.amountCents ?? 0)],
            [labels.payee, payee(deposit.payeeType, deposit.payeeName, deposit.payeeAddress)],
            [labels.cheque, deposit.chequeNumber || '—']
          ]
        },
        layout: 'lightHorizontalLines',
        margin: [0, 8, 0, 0]
      },
      { text: `${labels.deductions} (${deductions.length})`, style: 'heading' },
      deductions.length
        ? {
            table: {
              headerRows: 1,
              widths: [70, '*', 80, 90, 80],
              body: [
                [labels.kind, labels.reason, labels.by, labels.when, labels.amount].map((text) => ({ text, bold: true })),
                ...deductions.map((line) => [
                  (labels.kinds as Record<string, string>)[line.kind] ?? line.kind,
                  [line.reason, line.note].filter(Boolean).join('\n'),
                  line.createdByName ?? '',
                  when(line.createdAt),
                  { text: money(line.amountCents), alignment: 'right' }
                ])
              ]
            }
          }
        : { text: labels.none },
      {
        table: {
          widths: ['*', 120],
          body: [
            [
              { text: labels.deposit, bold: true },
              { text: money(deposit.amountCents ?? 0), alignment: 'right' }
            ],
            [
              { text: labels.totalDeducted, bold: true },
              { text: money(deposit.deductedCents), alignment: 'right' }
            ],
            [
              { text: labels.refund, bold: true },
              { text: money(deposit.refundCents ?? 0), alignment: 'right', bold: true }
            ]
          ]
        },
        layout: 'lightHorizontalLines',
        margin: [0, 12, 0, 0]
      },
      {
        table: {
          widths: [120, '*'],
          body: [[labels.status, status], ...(refund ? [[labels.payee, payee(refund.payeeType, refund.payeeName || refund.creditTo, refund.payeeAddress)]] : [])]
        },
        layout: 'lightHorizontalLines',
        margin: [0, 12, 0, 0]
      }
    ]
    const definition: TDocumentDefinitions = {
      content,
      styles: { title: { fontSize: 16, bold: true }, heading: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] } },
      defaultStyle: { fontSize: 9 }
    }
    return { filename: `deposit-statement-${project.id}.pdf`, definition }
  }
}
