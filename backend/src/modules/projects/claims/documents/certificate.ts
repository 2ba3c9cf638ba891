import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js'
import type { Language, Translation } from '../../../../i18n/languages.js'
import { formatAmount, formatDateTime, fromCents, regionCurrency } from '../../../../format/format.shared.js'
import type { G702Figures } from '../g702.shared.js'
import { fill } from './labels.js'
import { framedDocument, ruledTable } from './page-frame.js'

/*
 * The certificate of a decided claim version (issue 12 items 5 and 8): staff's acceptance or
 * rejection of version n, taken after the version froze, as recorded (who, when, the decision, the
 * reason or note, the amount certified, and on an acceptance with a schedule of values the G702
 * figures it certifies). Pure and deterministic like the claim document: the PDF's CreationDate
 * is the decision's instant, nothing reads a clock, so the same record and language give the same
 * bytes.
 */

export interface ClaimCertificateSnapshot {
  project: { number: string; numberType: string; vendorName: string; siteName?: string | null; currency?: string | null }
  claim: { order: number; version: number; submittedAt: string; submittedByName?: string | null; completionAmountCents?: number | null; invoiceNumber?: string | null }
  decision: {
    decision: 'ACCEPTED' | 'REJECTED'
    decidedAt: string
    decidedByName?: string | null
    reason?: string | null
    note?: string | null
    releaseOverrideReason?: string | null
    certifiedAmountCents?: number | null
    figures?: G702Figures | null
  }
}

const enUS = {
  title: 'Certificate of Decision on a Payment Claim',
  reference: 'Claim {{order}} · Version {{version}}',
  footer: 'Project {{number}} · claim {{order}} version {{version}} · decided {{decidedAt}}',
  page: 'Page {{page}} of {{pages}}',
  numberPO: 'Purchase order',
  numberCONTRACT: 'Contract',
  vendor: 'Vendor (contractor)',
  site: 'Site',
  claimOrder: 'Claim no.',
  version: 'Version decided',
  invoiceNumber: 'Invoice no.',
  submittedAt: 'Version submitted',
  submittedBy: 'Submitted by',
  claimedAmount: 'Amount claimed (this claim)',
  decisionTitle: 'Decision',
  decision: 'Decision',
  decisions: { ACCEPTED: 'Accepted', REJECTED: 'Rejected' },
  decidedAt: 'Decided',
  decidedBy: 'Decided by',
  reason: 'Reason',
  note: 'Note',
  releaseOverrideReason: 'Retention released before the defects liability date because',
  certifiedAmount: 'Amount certified for payment',
  notCertified: 'Nothing is certified for payment: the version was rejected and may be resubmitted as a new version.',
  figuresTitle: 'Figures certified (G702)',
  figures: {
    contractSumToDate: 'Contract sum to date',
    totalCompletedAndStored: 'Total completed and stored to date',
    totalRetainage: 'Total retainage',
    totalEarnedLessRetainage: 'Total earned less retainage',
    lessPreviousCertificates: 'Less previous certificates for payment',
    currentPaymentDue: 'Current payment due',
    balanceToFinish: 'Balance to finish, including retainage'
  },
  currencyNote: 'Amounts in {{currency}}',
  frozenNote: 'This certificate records the decision as it was taken; the claim version it decides on is printed, unchanged, in the version’s own claim document.',
  fileName: 'Claim Certificate {{number}} {{order}} v{{version}}.pdf'
}

export type ClaimCertificateLabels = Translation<typeof enUS>

const zhCN: ClaimCertificateLabels = {
  title: '付款申请审批证书',
  reference: '第 {{order}} 期申请 · 版本 {{version}}',
  footer: '项目 {{number}} · 第 {{order}} 期申请 版本 {{version}} · 决定于 {{decidedAt}}',
  page: '第 {{page}} 页，共 {{pages}} 页',
  numberPO: '采购订单',
  numberCONTRACT: '合同',
  vendor: '供应商（承包商）',
  site: '地点',
  claimOrder: '申请编号',
  version: '所审批版本',
  invoiceNumber: '发票号码',
  submittedAt: '版本提交时间',
  submittedBy: '提交人',
  claimedAmount: '申请金额（本期申请）',
  decisionTitle: '审批决定',
  decision: '决定',
  decisions: { ACCEPTED: '已接受', REJECTED: '已拒绝' },
  decidedAt: '决定时间',
  decidedBy: '决定人',
  reason: '原因',
  note: '备注',
  releaseOverrideReason: '于缺陷责任期届满前发放保留金的原因',
  certifiedAmount: '核准付款金额',
  notCertified: '未核准任何付款：此版本已被拒绝，可作为新版本重新提交。',
  figuresTitle: '核准数字（G702）',
  figures: {
    contractSumToDate: '截至目前合同金额',
    totalCompletedAndStored: '截至目前已完成及储存总额',
    totalRetainage: '保留金合计',
    totalEarnedLessRetainage: '已赚取金额减保留金',
    lessPreviousCertificates: '减：以往付款证书金额',
    currentPaymentDue: '本期应付金额',
    balanceToFinish: '尚待完成余额，含保留金'
  },
  currencyNote: '金额单位：{{currency}}',
  frozenNote: '本证书记录审批决定作出时的内容；所审批的申请版本原样载于该版本本身的付款申请文件。',
  fileName: '付款申请审批证书 {{number}} {{order}} v{{version}}.pdf'
}

const catalogues: Record<Language, ClaimCertificateLabels> = { 'en-US': enUS, 'zh-CN': zhCN }
export const claimCertificateLabels = (language: Language): ClaimCertificateLabels => catalogues[language] ?? enUS

const SIDE = 40
const money = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : formatAmount(fromCents(cents)))
const layout = ruledTable(3, 4)

function facts(rows: [string, string, boolean?][]): Content {
  const body = rows
    .filter(([, value]) => value !== '')
    .map(([label, value, strong]): TableCell[] => [
      { text: label, style: 'label' },
      { text: value, bold: Boolean(strong) }
    ])
  return { table: { widths: [190, '*'], body }, layout }
}

export function claimCertificateFileName(snapshot: ClaimCertificateSnapshot, language: Language = 'en-US'): string {
  return fill(claimCertificateLabels(language).fileName, { number: snapshot.project.number.replace(/[\\/:*?"<>|]/g, '-'), order: snapshot.claim.order, version: snapshot.claim.version })
}

/** The pdfmake definition of the certificate of one decided version. */
export function claimCertificate(snapshot: ClaimCertificateSnapshot, settings: { language: Language; timeZone?: string | null }): TDocumentDefinitions {
  const labels = claimCertificateLabels(settings.language)
  const { project, claim, decision } = snapshot
  const reference = fill(labels.reference, { order: claim.order, version: claim.version })
  const accepted = decision.decision === 'ACCEPTED'
  const content: Content[] = [
    { text: `${project.number} · ${reference}`, style: 'reference' },
    facts([
      [project.numberType === 'CONTRACT' ? labels.numberCONTRACT : labels.numberPO, project.number],
      [labels.vendor, project.vendorName],
      [labels.site, project.siteName ?? ''],
      [labels.claimOrder, String(claim.order)],
      [labels.version, String(claim.version)],
      [labels.invoiceNumber, claim.invoiceNumber ?? ''],
      [labels.submittedAt, formatDateTime(claim.submittedAt, settings)],
      [labels.submittedBy, claim.submittedByName ?? ''],
      [labels.claimedAmount, money(claim.completionAmountCents)]
    ]),
    {
      columns: [
        { text: labels.decisionTitle, style: 'section', width: '*' },
        { text: fill(labels.currencyNote, { currency: regionCurrency(project.currency) }), style: 'note', width: 'auto', margin: [0, 14, 0, 0] }
      ]
    },
    facts([
      [labels.decision, labels.decisions[decision.decision], true],
      [labels.decidedAt, formatDateTime(decision.decidedAt, settings)],
      [labels.decidedBy, decision.decidedByName ?? ''],
      [labels.reason, decision.reason ?? ''],
      [labels.note, decision.note ?? ''],
      [labels.releaseOverrideReason, decision.releaseOverrideReason ?? ''],
      [labels.certifiedAmount, accepted ? money(decision.certifiedAmountCents) : '', true]
    ])
  ]
  if (!accepted) content.push({ text: labels.notCertified, style: 'note', margin: [0, 8, 0, 0] })
  const figures = accepted ? decision.figures : null
  if (figures) {
    const f = labels.figures
    content.push(
      { text: labels.figuresTitle, style: 'section' },
      facts([
        [f.contractSumToDate, money(figures.contractSumToDateCents)],
        [f.totalCompletedAndStored, money(figures.totalCompletedAndStoredCents)],
        [f.totalRetainage, money(figures.totalRetainageCents)],
        [f.totalEarnedLessRetainage, money(figures.totalEarnedLessRetainageCents)],
        [f.lessPreviousCertificates, money(figures.lessPreviousCertificatesCents)],
        [f.currentPaymentDue, money(figures.currentPaymentDueCents), true],
        [f.balanceToFinish, money(figures.balanceToFinishIncludingRetainageCents)]
      ])
    )
  }
  content.push({ text: labels.frozenNote, style: 'note', margin: [0, 16, 0, 0] })
  const footer = fill(labels.footer, { number: project.number, order: claim.order, version: claim.version, decidedAt: formatDateTime(decision.decidedAt, settings) })
  return framedDocument({
    side: SIDE,
    top: 70,
    bottom: 40,
    headerTop: 26,
    header: () => ({ text: labels.title, style: 'title' }),
    title: `${labels.title} ${project.number} ${reference}`,
    createdAt: decision.decidedAt,
    footer,
    pageLabel: labels.page,
    content,
    styles: {
      reference: { fontSize: 11, bold: true, color: '#1f3b63', margin: [0, 0, 0, 8] },
      section: { fontSize: 11, bold: true, color: '#1f3b63', margin: [0, 12, 0, 4] }
    }
  })
}
