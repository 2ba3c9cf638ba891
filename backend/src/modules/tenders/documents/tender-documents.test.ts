import { describe, expect, it } from 'vitest'
import { renderPdf } from '../../../documents/pdf.js'
import { pdfText } from '../../../documents/pdf-text.js'
import { tenderBidDocument, tenderSummaryDocument } from './tender-documents.js'

/*
 * The tender PDFs after addenda: a removed line (D) is not printed, an added (N) or edited (E)
 * line carries its label; the vendor's remark prints under its line in the bid.
 */

const tender = {
  prNumber: 'PR-T-1',
  prDescription: 'Lift maintenance',
  status: 'ISSUED',
  tenderType: 'TENDER',
  currency: 'HKD',
  version: 2,
  lineItemGroups: [
    {
      name: 'Works',
      lineItems: [
        { id: 'i1', itemNo: '1', itemDesc: 'Kept cable works', itemQty: 2, itemUnit: 'No.' },
        { id: 'i2', itemNo: '2', itemDesc: 'Removed scaffolding', itemQty: 1, itemUnit: 'Lot', addendumLabel: 'D' },
        { id: 'i3', itemNo: '3', itemDesc: 'Added lighting', itemQty: 4, itemUnit: 'No.', addendumLabel: 'N' },
        { id: 'i4', itemNo: '4', itemDesc: 'Edited painting', itemQty: 10, itemUnit: 'm squared', addendumLabel: 'E' }
      ]
    }
  ]
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

describe('optional items in the tender PDFs', () => {
  const withOptions = {
    ...tender,
    general: {
      optionalItems: [
        { name: 'Night-shift surcharge', value: 1234.5, text: 'per night', selected: true },
        { name: '周末加班', value: 800, text: null, selected: false }
      ]
    }
  }
  const bid = { status: 'SUBMITTED', sealed: false, content: { rates: { i1: 100, i3: 10, i4: 1 } } }

  it('the summary prints them in their own section after the line items, valued in the tender currency', async () => {
    const bids = [{ companyName: 'Alpha Engineering Ltd', status: 'SUBMITTED', sealed: false, total: 250 }]
    const text = await textOf(tenderSummaryDocument(withOptions, bids, { language: 'en-US' }, { showBudget: false }))
    expect(text).toContain('Optional items — not included in the total')
    expect(text).toContain('Value (HKD)')
    expect(text).toMatch(/Night-shift surcharge\s+per night\s+1,234\.50\s+Yes/)
    expect(text).toContain('800.00')
    expect(text.indexOf('Optional items')).toBeGreaterThan(text.indexOf('Edited painting'))
    // The bid's total stays what its line items make (250.00), the options' 2,034.50 not added.
    expect(text).toMatch(/Alpha Engineering Ltd[\s\S]*250\.00/)
    expect(text).not.toContain('2,284.50')
    const zh = await textOf(tenderSummaryDocument(withOptions, bids, { language: 'zh-CN' }, { showBudget: false }))
    expect(zh).toContain('可选项目 — 不计入总额')
    expect(zh).toMatch(/周末加班\s+800\.00/)
    expect(zh).toContain('金额 (HKD)')
  })

  it('the bid lists them after its total, which leaves them out', async () => {
    const text = await textOf(tenderBidDocument(withOptions, bid, 'Alpha Engineering Ltd', { language: 'en-US' }))
    expect(text).toContain('Total: HKD 250.00')
    expect(text.indexOf('Optional items — not included in the total')).toBeGreaterThan(text.indexOf('Total: HKD 250.00'))
    expect(text).toMatch(/Night-shift surcharge\s+per night\s+1,234\.50/)
    const sealed = await textOf(tenderBidDocument(withOptions, { status: 'SUBMITTED', sealed: true }, 'Alpha Engineering Ltd', { language: 'zh-CN' }))
    expect(sealed).toMatch(/周末加班\s+800\.00/)
  })

  it('prints no section when the tender has none', async () => {
    const text = await textOf(tenderSummaryDocument(tender, [], { language: 'en-US' }, { showBudget: false }))
    expect(text).not.toContain('Optional items')
  })
})
