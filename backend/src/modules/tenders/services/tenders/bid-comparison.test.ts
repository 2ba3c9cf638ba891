import { describe, expect, it } from 'vitest'
import { compareBids, type ComparisonBid } from './bid-comparison.js'

const groups = [
  {
    id: 'g1',
    name: 'Main works',
    lineItems: [
      { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot' },
      { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 40, itemUnit: 'Man Day', discountType: 'PERCENT' as const, discount: 10 }
    ]
  },
  { id: 'g2', name: 'Options', lineItems: [{ id: 'i3', itemNo: '2.1', itemDesc: 'Night shift', itemQty: 2, itemUnit: 'Man Day', optional: true }] }
]
const bid = (id: string, status: string, rates: Record<string, any>, extra: Record<string, any> = {}): ComparisonBid => ({ id, companyId: id.length, status, content: { rates, ...extra } })

describe('compareBids', () => {
  const alpha = bid('alpha', 'SUBMITTED', { i1: 20_000, i2: 2000, i3: 500 }, { remarks: { i1: ' incl. permits ' } })
  const beta = bid('beta', 'QUERY', { i1: '18,000', i2: 2100, i3: 400 })
  const gamma = bid('gamma', 'DECLINED', {})
  const delta = bid('delta', 'INVITED', { i1: 1 })
  const result = compareBids(groups, [alpha, beta, gamma, delta])

  it('compares SUBMITTED and QUERY bids; lists the others apart', () => {
    expect(result.bids.map((b) => b.id)).toEqual(['alpha', 'beta'])
    expect(result.others.map((b) => b.id)).toEqual(['gamma', 'delta'])
  })

  it('prices each line with the line discount, in cents', () => {
    const labour = result.lines[1]
    expect(labour.cells.alpha).toMatchObject({ rate: 2000, qty: 40, totalCents: 7_200_000 }) // 40 × 2000 less 10 %
    expect(labour.cells.beta.totalCents).toBe(7_560_000)
    expect(result.lines[0].cells.beta).toMatchObject({ rate: 18_000, totalCents: 1_800_000 })
    expect(result.lines[0].cells.alpha.remark).toBe('incl. permits')
    expect(result.lines[0].cells.beta.remark).toBeNull()
  })

  it('marks the lowest price per line, optional lines included', () => {
    expect(result.lines.map((line) => Object.keys(line.cells).filter((id) => line.cells[id].lowest))).toEqual([['beta'], ['alpha'], ['beta']])
  })

  it('leaves optional items out of the totals', () => {
    expect(result.lines[2].excluded).toBe(true)
    expect(result.totalsCents).toEqual({ alpha: 2_000_000 + 7_200_000, beta: 1_800_000 + 7_560_000 })
    expect(result.lowestTotal).toEqual(['alpha'])
  })

  it('a missing rate is not priced (not the lowest at 0); a zero rate is a price', () => {
    const r = compareBids(groups, [bid('a', 'SUBMITTED', { i1: 100 }), bid('b', 'SUBMITTED', { i1: '', i2: 0 })])
    expect(r.lines[0].cells.b).toMatchObject({ rate: null, totalCents: null, lowest: false })
    expect(r.lines[0].cells.a.lowest).toBe(true)
    expect(r.lines[1].cells.a).toMatchObject({ totalCents: null, lowest: false })
    expect(r.lines[1].cells.b).toMatchObject({ totalCents: 0, lowest: true })
  })

  it('marks every bid of a tie; uses the vendor quantity and a rate with its own discount', () => {
    const r = compareBids(groups, [
      bid('a', 'SUBMITTED', { i1: 100 }),
      bid('b', 'SUBMITTED', { i1: { rate: 200, discountType: 'AMOUNT', discount: 100 } }),
      bid('c', 'SUBMITTED', { i1: 50 }, { bidItemQtys: { i1: 2 } })
    ])
    expect(r.lines[0].cells.c).toMatchObject({ qty: 2, totalCents: 10_000 })
    expect(Object.values(r.lines[0].cells).map((cell) => cell.lowest)).toEqual([true, true, true])
    expect(r.lowestTotal).toEqual(['a', 'b', 'c'])
  })

  it('sealed bids (no content) price nothing; no bids, no lowest total', () => {
    const sealed = compareBids(groups, [{ id: 's', companyId: 1, status: 'SUBMITTED' }])
    expect(sealed.totalsCents).toEqual({ s: 0 })
    expect(sealed.lines.every((line) => !line.cells.s.lowest)).toBe(true)
    expect(compareBids(groups, []).lowestTotal).toEqual([])
  })
})
