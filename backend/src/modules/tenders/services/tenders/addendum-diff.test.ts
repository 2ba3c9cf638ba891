import { describe, expect, it } from 'vitest'
import {
  addendumStart,
  changedItemIds,
  comparedItemFields,
  diffAddendum,
  isEditedItem,
  isPendingLabel,
  isRemovedItem,
  issueLabels,
  labelKind,
  sameValue,
  type AddendumContent,
  type AddendumLineItem
} from './addendum-diff.js'
import { bidTotal, tenderTotal } from './tender-amounts.js'

const item = (id: string, over: Partial<AddendumLineItem> = {}): AddendumLineItem => ({
  id,
  itemNo: id,
  itemDesc: `Item ${id}`,
  itemQty: 1,
  itemUnit: 'Lot',
  discountType: null,
  discount: null,
  optional: false,
  ...over
})

const base: AddendumContent = {
  closingAt: '2026-12-01T09:00:00.000Z',
  validityDays: 180,
  general: { paymentTerms: '30 days', projectLocation: 'ES1' },
  scope: { generalDesc: 'Scope' },
  lineItemGroups: [
    { id: 'g1', name: 'Main', lineItems: [item('a'), item('b'), item('c')] },
    { id: 'g2', name: 'Extra', lineItems: [item('d')] }
  ]
}
const copy = (content: AddendumContent): AddendumContent => JSON.parse(JSON.stringify(content))
const labels = (content: AddendumContent) => content.lineItemGroups.map((group) => group.lineItems.map((i) => `${i.id}:${i.addendumLabel ?? '-'}`).join(' '))

describe('labels', () => {
  it('labelKind reads issued and pending variants, nothing else', () => {
    expect(['N', 'E', 'D', 'NP', 'EP', 'DP'].map(labelKind)).toEqual(['N', 'E', 'D', 'N', 'E', 'D'])
    for (const other of [null, undefined, '', 'X', 'DX', 'NE', 'P', 'PD', 5]) expect(labelKind(other)).toBeNull()
  })
  it('removed and edited: labels starting with D or E, both variants', () => {
    expect(['D', 'DP'].every((l) => isRemovedItem({ addendumLabel: l }))).toBe(true)
    expect(['N', 'NP', 'E', 'EP', null].some((l) => isRemovedItem({ addendumLabel: l }))).toBe(false)
    expect(['E', 'EP'].every((l) => isEditedItem({ addendumLabel: l }))).toBe(true)
    expect(isEditedItem({ addendumLabel: 'D' })).toBe(false)
    expect(isRemovedItem(undefined)).toBe(false)
  })
  it('pending variants', () => {
    expect(['NP', 'EP', 'DP'].every(isPendingLabel)).toBe(true)
    expect(['N', 'E', 'D', null].some(isPendingLabel)).toBe(false)
  })
  it('sameValue: empty alike, numbers by value, flags as booleans', () => {
    expect(sameValue(null, undefined)).toBe(true)
    expect(sameValue('', null)).toBe(true)
    expect(sameValue(0, null)).toBe(false)
    expect(sameValue(2, '2')).toBe(true)
    expect(sameValue(undefined, false, true)).toBe(true)
    expect(sameValue(true, undefined, true)).toBe(false)
  })
})

describe('diffAddendum', () => {
  it('unchanged: no label, no change', () => {
    const { content, changes } = diffAddendum(base, copy(base))
    expect(changes).toEqual([])
    expect(labels(content)).toEqual(['a:- b:- c:-', 'd:-'])
  })

  it('added item: NP, one N change with the item', () => {
    const edited = copy(base)
    edited.lineItemGroups[0].lineItems.push(item('new', { itemDesc: 'Extra lights', itemQty: 3 }))
    const { content, changes } = diffAddendum(base, edited)
    expect(labels(content)[0]).toBe('a:- b:- c:- new:NP')
    expect(changes).toEqual([
      {
        kind: 'N',
        path: ['lineItemGroups', 'g1', 'lineItems', 'new'],
        rhs: item('new', { itemDesc: 'Extra lights', itemQty: 3 }),
        item: { ...item('new', { itemDesc: 'Extra lights', itemQty: 3 }), addendumLabel: 'N' }
      }
    ])
  })

  it('an added item removed again is dropped', () => {
    const edited = copy(base)
    edited.lineItemGroups[0].lineItems.push(item('new', { addendumLabel: 'DP' }))
    const { content, changes } = diffAddendum(base, edited)
    expect(labels(content)[0]).toBe('a:- b:- c:-')
    expect(changes).toEqual([])
  })

  describe('edited, per field', () => {
    const edits: Record<(typeof comparedItemFields)[number], [unknown, unknown]> = {
      itemNo: ['a', '1.9'],
      itemDesc: ['Item a', 'Item a (revised)'],
      itemQty: [1, 4],
      itemUnit: ['Lot', 'Set'],
      discountType: [null, 'PERCENT'],
      discount: [null, 5],
      remark: [null, 'see drawing'],
      optional: [false, true],
      forReference: [null, true]
    }
    for (const field of comparedItemFields) {
      it(field, () => {
        const edited = copy(base)
        edited.lineItemGroups[0].lineItems[0] = { ...edited.lineItemGroups[0].lineItems[0], [field]: edits[field][1] }
        const { content, changes } = diffAddendum(base, edited)
        expect(labels(content)[0]).toBe('a:EP b:- c:-')
        expect(changes).toHaveLength(1)
        expect(changes[0]).toMatchObject({ kind: 'E', path: ['lineItemGroups', 'g1', 'lineItems', 'a'], lhs: { [field]: edits[field][0] }, rhs: { [field]: edits[field][1] } })
        expect(changes[0].item?.addendumLabel).toBe('E')
      })
    }
    it('several fields in one change', () => {
      const edited = copy(base)
      Object.assign(edited.lineItemGroups[0].lineItems[1], { itemQty: 9, itemDesc: 'B2' })
      const { changes } = diffAddendum(base, edited)
      expect(changes).toEqual([expect.objectContaining({ kind: 'E', lhs: { itemDesc: 'Item b', itemQty: 1 }, rhs: { itemDesc: 'B2', itemQty: 9 } })])
    })
    it('not an edit: empty values alike, the same number as text, a label sent by the browser', () => {
      const edited = copy(base)
      Object.assign(edited.lineItemGroups[0].lineItems[0], { remark: '', discount: undefined, itemQty: '1', addendumLabel: 'EP' })
      const { content, changes } = diffAddendum(base, edited)
      expect(changes).toEqual([])
      expect(labels(content)[0]).toBe('a:- b:- c:-')
    })
  })

  it('removed by label: DP in place with the base values, a D change', () => {
    const edited = copy(base)
    Object.assign(edited.lineItemGroups[0].lineItems[1], { addendumLabel: 'DP', itemQty: 99 })
    const { content, changes } = diffAddendum(base, edited)
    expect(labels(content)[0]).toBe('a:- b:DP c:-')
    expect(content.lineItemGroups[0].lineItems[1].itemQty).toBe(1)
    expect(changes).toEqual([{ kind: 'D', path: ['lineItemGroups', 'g1', 'lineItems', 'b'], lhs: item('b'), item: { ...item('b'), addendumLabel: 'D' } }])
  })

  it('removed by leaving it out: back after its predecessor, DP', () => {
    const edited = copy(base)
    edited.lineItemGroups[0].lineItems.splice(1, 1)
    expect(labels(diffAddendum(base, edited).content)[0]).toBe('a:- b:DP c:-')
    const first = copy(base)
    first.lineItemGroups[0].lineItems.splice(0, 1)
    const result = diffAddendum(base, first)
    expect(labels(result.content)[0]).toBe('a:DP b:- c:-')
    expect(result.changes.map((c) => `${c.kind}:${c.item?.id}`)).toEqual(['D:a'])
  })

  it('an item removed by an earlier version stays D, unchanged and uneditable', () => {
    const earlier = copy(base)
    earlier.lineItemGroups[0].lineItems[2].addendumLabel = 'D'
    const edited = copy(earlier)
    Object.assign(edited.lineItemGroups[0].lineItems[2], { addendumLabel: null, itemQty: 7 })
    const { content, changes } = diffAddendum(earlier, edited)
    expect(labels(content)[0]).toBe('a:- b:- c:D')
    expect(content.lineItemGroups[0].lineItems[2].itemQty).toBe(1)
    expect(changes).toEqual([])
    const left = copy(earlier)
    left.lineItemGroups[0].lineItems.splice(2, 1)
    const result = diffAddendum(earlier, left)
    expect(labels(result.content)[0]).toBe('a:- b:- c:D')
    expect(result.changes).toEqual([])
  })

  it('an item moved to another group is the same item (edited only if its fields changed)', () => {
    const edited = copy(base)
    const [moved] = edited.lineItemGroups[0].lineItems.splice(2, 1)
    edited.lineItemGroups[1].lineItems.push(moved)
    const { content, changes } = diffAddendum(base, edited)
    expect(labels(content)).toEqual(['a:- b:-', 'd:- c:-'])
    expect(changes).toEqual([])
  })

  describe('groups', () => {
    it('new group: N for the group, N for its items', () => {
      const edited = copy(base)
      edited.lineItemGroups.push({ id: 'g3', name: 'Night works', lineItems: [item('x')] })
      const { content, changes } = diffAddendum(base, edited)
      expect(labels(content)[2]).toBe('x:NP')
      expect(changes.map((c) => `${c.kind}:${c.path.join('/')}`)).toEqual(['N:lineItemGroups/g3', 'N:lineItemGroups/g3/lineItems/x'])
    })
    it('renamed group: E with the names', () => {
      const edited = copy(base)
      edited.lineItemGroups[1].name = 'Extras'
      expect(diffAddendum(base, edited).changes).toEqual([{ kind: 'E', path: ['lineItemGroups', 'g2', 'name'], lhs: 'Extra', rhs: 'Extras' }])
    })
    it('removed group: D for the group and each item, the group kept with DP items', () => {
      const edited = copy(base)
      edited.lineItemGroups.splice(1, 1)
      const { content, changes } = diffAddendum(base, edited)
      expect(content.lineItemGroups.map((g) => g.id)).toEqual(['g1', 'g2'])
      expect(labels(content)[1]).toBe('d:DP')
      expect(changes.map((c) => `${c.kind}:${c.path.join('/')}`)).toEqual(['D:lineItemGroups/g2', 'D:lineItemGroups/g2/lineItems/d'])
    })
  })

  describe('tender fields', () => {
    it('closing date by instant, validity, general and scope per field', () => {
      const edited = copy(base)
      edited.closingAt = '2026-12-08T09:00:00Z'
      edited.validityDays = 90
      edited.general = { paymentTerms: '45 days', projectLocation: 'ES1', workingHours: 'Nights' }
      edited.scope = { generalDesc: 'Scope' }
      const { changes } = diffAddendum(base, edited)
      expect(changes).toEqual([
        { kind: 'E', path: ['closingAt'], lhs: base.closingAt, rhs: '2026-12-08T09:00:00Z' },
        { kind: 'E', path: ['validityDays'], lhs: 180, rhs: 90 },
        { kind: 'E', path: ['general', 'paymentTerms'], lhs: '30 days', rhs: '45 days' },
        { kind: 'E', path: ['general', 'workingHours'], lhs: null, rhs: 'Nights' }
      ])
    })
    it('the same instant written differently is no change', () => {
      const edited = copy(base)
      edited.closingAt = '2026-12-01T17:00:00+08:00'
      expect(diffAddendum(base, edited).changes).toEqual([])
    })
  })
})

describe('addendumStart, issueLabels, changedItemIds', () => {
  it('a new addendum starts from the issued content with only D kept', () => {
    const issued = copy(base)
    issued.lineItemGroups[0].lineItems[0].addendumLabel = 'N'
    issued.lineItemGroups[0].lineItems[1].addendumLabel = 'E'
    issued.lineItemGroups[0].lineItems[2].addendumLabel = 'D'
    expect(labels(addendumStart(issued))).toEqual(['a:- b:- c:D', 'd:-'])
  })
  it('issue makes pending labels issued', () => {
    const groups = [{ id: 'g', lineItems: ['NP', 'EP', 'DP', 'D', null].map((l, i) => item(String(i), { addendumLabel: l })) }]
    expect(issueLabels(groups)[0].lineItems.map((i) => i.addendumLabel)).toEqual(['N', 'E', 'D', 'D', null])
  })
  it('quantities are dropped for edited and removed items, not added ones or fields', () => {
    const edited = copy(base)
    edited.closingAt = '2026-12-09T09:00:00Z'
    edited.lineItemGroups[0].lineItems[0].itemQty = 2
    edited.lineItemGroups[0].lineItems.splice(1, 1)
    edited.lineItemGroups[0].lineItems.push(item('new'))
    edited.lineItemGroups[1].name = 'Renamed'
    expect(changedItemIds(diffAddendum(base, edited).changes).sort()).toEqual(['a', 'b'])
  })
})

describe('removed items are out of totals', () => {
  it('tenderTotal and bidTotal skip D and DP items', () => {
    const groups = [
      {
        id: 'g',
        lineItems: [
          { id: 'a', itemQty: 1, rate: 100 },
          { id: 'b', itemQty: 1, rate: 50, addendumLabel: 'D' },
          { id: 'c', itemQty: 1, rate: 25, addendumLabel: 'DP' },
          { id: 'd', itemQty: 1, rate: 10, addendumLabel: 'E' }
        ]
      }
    ]
    expect(tenderTotal(groups as any)).toBe(110)
    expect(bidTotal(groups[0].lineItems as any, {}, { a: 100, b: 50, c: 25, d: 10 })).toBe(110)
  })
})
