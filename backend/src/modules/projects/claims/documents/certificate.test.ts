import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { renderPdf } from '../../../../documents/pdf.js'
import { pdfText } from '../../../../documents/pdf-text.js'
import { computeLedger } from '../g702.shared.js'
import { claimCertificate, claimCertificateFileName, type ClaimCertificateSnapshot } from './certificate.js'

/* The certificate of a decided claim version (certificate.ts): what it prints, and the same bytes for the same record. */

const figures = computeLedger(
  [
    { item: '1', description: 'Site works', originalValueCents: 6_000_000 },
    { item: '2', description: 'Electrical', originalValueCents: 4_000_000 }
  ],
  [
    {
      lines: [
        { item: '1', workThisPeriodCents: 3_000_000, materialsStoredCents: 0 },
        { item: '2', workThisPeriodCents: 1_000_000, materialsStoredCents: 500_000 }
      ]
    }
  ],
  { workPercent: '5', storedPercent: '5' }
)[0]

const accepted: ClaimCertificateSnapshot = {
  project: { number: 'PO-2026-0042', numberType: 'PO', vendorName: 'Alpha Engineering Ltd', siteName: 'Alexandra House', currency: 'HKD' },
  claim: { order: 2, version: 3, submittedAt: '2026-11-24T03:15:00.000Z', submittedByName: 'Vera Vendor', completionAmountCents: 4_500_000, invoiceNumber: 'INV-7781' },
  decision: { decision: 'ACCEPTED', decidedAt: '2026-11-25T06:40:00.000Z', decidedByName: 'Pat Manager', note: 'Certified', certifiedAmountCents: figures.currentPaymentDueCents, figures }
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('the certificate of a decided claim version', () => {
  it('prints the decision, who took it and when, the amount certified and the G702 figures it certifies', async () => {
    const text = pdfText(await renderPdf(claimCertificate(accepted, { language: 'en-US', timeZone: 'Asia/Hong_Kong' }))).replace(/\s+/g, ' ')
    expect(text).toContain('PO-2026-0042 · Claim 2 · Version 3')
    expect(text).toContain('Decision Accepted')
    expect(text).toContain('Decided by Pat Manager')
    expect(text).toContain('25 Nov 26, 14:40')
    // 4,500,000 − 5 % × 4,500,000 = 4,275,000 cents due.
    expect(text).toContain('Amount certified for payment 42,750.00')
    expect(text).toContain('Current payment due 42,750.00')
    expect(text).toContain('Total retainage 2,250.00')
    expect(claimCertificateFileName(accepted)).toBe('Claim Certificate PO-2026-0042 2 v3.pdf')
    expect(claimCertificateFileName(accepted, 'zh-CN')).toBe('付款申请审批证书 PO-2026-0042 2 v3.pdf')
  })

  it('gives the same bytes for the same record and language, other bytes in Chinese', async () => {
    const first = await renderPdf(claimCertificate(accepted, { language: 'en-US', timeZone: 'Asia/Hong_Kong' }))
    const again = await renderPdf(claimCertificate(structuredClone(accepted), { language: 'en-US', timeZone: 'Asia/Hong_Kong' }))
    expect(first.equals(again)).toBe(true)
    expect(first.toString('latin1')).toContain('(D:20261125064000Z)')
    const chinese = await renderPdf(claimCertificate(accepted, { language: 'zh-CN', timeZone: 'Asia/Hong_Kong' }))
    expect(sha256(chinese)).not.toBe(sha256(first))
    expect(pdfText(chinese)).toContain('核准付款金额')
  })
})
