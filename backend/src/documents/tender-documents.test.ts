import { describe, expect, it } from 'vitest'
import { renderPdf } from './pdf.js'
import { pdfText } from './pdf-text.js'
import { tenderBidDocument, tenderSummaryDocument } from './tender-documents.js'

/*
 * The tender PDFs after addenda: a removed line (D) is not printed, an added (N) or edited (E)
 * line carries its label; the vendor's remark prints under its line in the bid.
 */

const tender = {
  prNumber: 'PR-T-1', prDescription: 'Lift maintenance', status: 'ISSUED', tenderType: 'TENDER', currency: 'HKD', version: 2,
  lineItemGroups: [{ name: 'Works', lineItems: [
    { id: 'i1', itemNo: '1', itemDesc: 'Kept cable works', itemQty: 2, itemUnit: 'No.' },
    { id: 'i2', itemNo: '2', itemDesc: 'Removed scaffolding', itemQty: 1, itemUnit: 'Lot', addendumLabel: 'D' },
    { id: 'i3', itemNo: '3', itemDesc: 'Added lighting', itemQty: 4, itemUnit: 'No.', addendumLabel: 'N' },
    { id: 'i4', itemNo: '4', itemDesc: 'Edited painting', itemQty: 10, itemUnit: 'm squared', addendumLabel: 'E' }
  ] }]
}

const textOf = async (definition: any) => pdfText(await renderPdf(definition))

describe('tender PDFs after addenda', () => {
  it('the summary leaves out removed lines and labels added and edited ones', async () => {
    const text = await textOf(tenderSummaryDocument(tender, [], { language: 'en-US' }, { showBudget: false }))
    expect(text).toContain('Kept cable works')
    expect(text).not.toContain('Removed scaffolding')
    expect(text).toMatch(/3\s*N/)
    expect(text).toMatch(/4\s*E/)
    expect(text).not.toMatch(/1\s*[NE]\b/)
    expect(text).toContain('N added, E edited by an addendum')
  })

  it('the bid leaves out removed lines (also from the total) and prints the vendor remarks', async () => {
    const bid = { status: 'SUBMITTED', sealed: false, content: { rates: { i1: 100, i2: 5000, i3: 10, i4: 1 }, remarks: { i1: 'incl. permits', i2: 'gone' } } }
    const text = await textOf(tenderBidDocument(tender, bid, 'Alpha Engineering Ltd', { language: 'en-US' }))
    expect(text).not.toContain('Removed scaffolding')
    expect(text).not.toContain('gone')
    expect(text).toContain('Vendor remark: incl. permits')
    expect(text).toMatch(/3\s*N/)
    // 2 × 100 + 4 × 10 + 10 × 1; the removed line's 5,000 is not counted.
    expect(text).toContain('Total: HKD 250.00')
    const zh = await textOf(tenderBidDocument(tender, bid, 'Alpha Engineering Ltd', { language: 'zh-CN' }))
    expect(zh).toContain('供应商备注: incl. permits')
  })

  it('a sealed bid prints no remark', async () => {
    const text = await textOf(tenderBidDocument(tender, { status: 'SUBMITTED', sealed: true }, 'Alpha Engineering Ltd', { language: 'en-US' }))
    expect(text).toContain('Sealed until opening')
    expect(text).not.toContain('Vendor remark')
    expect(text).not.toContain('Removed scaffolding')
  })
})
