import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Application } from '../../../declarations.js'
import { formatDateTime } from '../../../format/format.shared.js'
import { MAX_PAGE } from '../../../kit/query.js'
import type { DocumentRenderer, DocumentRequest } from '../../../services/documents/documents.class.js'
import enUS from '../locales/en-US.js'
import zhCN from '../locales/zh-CN.js'

/** Every page of a list read through its service as the caller. */
async function all(app: Application, path: string, caller: any, query: Record<string, unknown>): Promise<any[]> {
  const rows: any[] = []
  for (let skip = 0; ; skip += MAX_PAGE) {
    const page: any = await (app.service(path as any) as any).find({ ...caller, query: { ...query, $limit: MAX_PAGE, $skip: skip } })
    rows.push(...page.data)
    if (page.data.length < MAX_PAGE) return rows
  }
}

const nameOf = async (app: Application, id: number | null | undefined) => (id ? ((await app.get('knex')('users').where({ id }).first('displayName'))?.displayName ?? '') : '')

/**
 * The submission batch PDF (issue 29 item 9): the project, the batch with its reviewers and their
 * outcomes, its files with the spec's metadata, and the comment register as it stood for this
 * batch (every comment raised up to it, open and closed, by its id), in the reader's language.
 * Everything is read through the services with the caller's own rights: a reader who does not
 * read the batch gets 404, and a tenant sees only the comments sent to it.
 */
export const submissionBatchRenderer: DocumentRenderer = {
  async render(app, { id, caller, settings }: DocumentRequest) {
    const labels = settings.language === 'zh-CN' ? zhCN.batchPdf : enUS.batchPdf
    const batch = await app.service('tenant-submissions').get(Number(id) || 0, { ...caller, query: {} } as any)
    const project = await app.service('tenant-projects').get(batch.projectId, { ...caller, query: {} } as any)
    const files = (await app.service('tenant-submission-files').find({ ...caller, query: { submissionId: String(batch.id) } } as any)).data
    const comments = (await all(app, 'tenant-submission-comments', caller, { projectId: batch.projectId, batchOrder: { $lte: batch.order }, $sort: { section: 1, item: 1 } })).filter(
      (comment) => comment.status !== 'DELETED'
    )
    const when = (value: unknown) => (value ? formatDateTime(value, { language: settings.language, timeZone: settings.timeZone }) : '—')
    const yes = (value: boolean) => (value ? labels.yes : '')
    const status = (labels.statuses as Record<string, string>)[batch.status] ?? batch.status
    const reviewers: Array<[string, string, string]> = [
      [labels.designManager, await nameOf(app, batch.designManagerId), batch.designOutcome ?? '—'],
      [labels.cpReviewer, await nameOf(app, batch.cpReviewerId), batch.cpOutcome ?? '—'],
      [labels.techManager, await nameOf(app, batch.techManagerId), batch.techOutcome ?? '—']
    ]
    const open = comments.filter((comment) => comment.status === 'OPEN').length
    const content: Content[] = [
      { text: labels.title.replace('{{batch}}', String(batch.batchNumber)), style: 'title' },
      { text: `${project.projectName} — ${project.companyName ?? ''} ${project.tradeName ?? ''}`.trim(), margin: [0, 4, 0, 8] },
      {
        table: {
          widths: [120, '*'],
          body: [
            [labels.status, status],
            [labels.sentAt, when(batch.sentAt)],
            [labels.dueDate, batch.dueDate ?? '—'],
            [labels.completedDate, when(batch.completedDate)]
          ]
        },
        layout: 'lightHorizontalLines'
      },
      { text: labels.reviewers, style: 'heading' },
      { table: { headerRows: 1, widths: [120, '*', 140], body: [[labels.step, labels.reviewer, labels.outcome].map((text) => ({ text, bold: true })), ...reviewers] } },
      { text: `${labels.files} (${files.length})`, style: 'heading' },
      files.length
        ? {
            table: {
              headerRows: 1,
              widths: ['*', 70, 40, 40, 30, 80],
              body: [
                [labels.file, labels.docType, labels.design, labels.technical, labels.na, labels.submittedDate].map((text) => ({ text, bold: true })),
                ...files.map((file: any) => [
                  `${file.name}${file.description ? `\n${file.description}` : ''}`,
                  file.docType,
                  yes(file.isDesign),
                  yes(file.isTechnical),
                  yes(file.isNa),
                  when(file.submittedDate)
                ])
              ]
            }
          }
        : { text: labels.none },
      { text: labels.register.replace('{{open}}', String(open)).replace('{{total}}', String(comments.length)), style: 'heading' },
      comments.length
        ? {
            table: {
              headerRows: 1,
              widths: [30, 40, 30, '*', '*', 60],
              body: [
                [labels.id, labels.type, labels.batch, labels.comment, labels.answer, labels.commentStatus].map((text) => ({ text, bold: true })),
                ...comments.map((comment: any) => [
                  { text: comment.label, bold: true },
                  comment.type,
                  String(comment.batchOrder + 1),
                  comment.text,
                  comment.answer ?? '',
                  { text: (labels.commentStatuses as Record<string, string>)[comment.status] ?? comment.status, color: comment.status === 'OPEN' ? '#cf1322' : '#237804' }
                ])
              ]
            }
          }
        : { text: labels.none }
    ]
    const definition: TDocumentDefinitions = {
      content,
      styles: { title: { fontSize: 16, bold: true }, heading: { fontSize: 12, bold: true, margin: [0, 12, 0, 4] } },
      defaultStyle: { fontSize: 9 }
    }
    return { filename: `submission-${project.id}-batch-${batch.batchNumber}.pdf`, definition }
  }
}
