import { describe, expect, it } from 'vitest'
import { missingSections } from './tender-sections.js'

const complete = {
  closingAt: '2026-12-01T09:00:00Z',
  general: { projectDescription: 'Lobby', projectLocation: 'ES1', paymentTerms: '30 days', conditionsOfContracts: 'STANDARD' },
  scope: { generalDesc: 'Replace' },
  lineItemGroups: [{ lineItems: [{ itemDesc: 'Fittings', itemUnit: 'No.', itemQty: 2 }] }]
}

describe('missingSections', () => {
  it('is empty for a complete tender with a file of its conditions of contract', () => {
    expect(missingSections(complete, { conditionsFiles: 1 })).toEqual([])
  })
  it('names every section of an empty tender, in tab order', () => {
    expect(missingSections({}, { conditionsFiles: 0 })).toEqual(['general', 'scope', 'items', 'attachments'])
  })
  it('names Attachments without a file of the conditions of contract, or without the conditions chosen', () => {
    expect(missingSections(complete, { conditionsFiles: 0 })).toEqual(['attachments'])
    expect(missingSections({ ...complete, general: { ...complete.general, conditionsOfContracts: null } }, { conditionsFiles: 3 })).toEqual(['attachments'])
    expect(missingSections({ ...complete, general: { ...complete.general, conditionsOfContracts: '  ' } }, { conditionsFiles: 3 })).toEqual(['attachments'])
  })
  it('leaves the Attachments tab out for an addendum (no documents counted)', () => {
    expect(missingSections({ ...complete, general: { ...complete.general, conditionsOfContracts: null } })).toEqual([])
  })
  it('names Items for a line without a quantity above zero', () => {
    expect(missingSections({ ...complete, lineItemGroups: [{ lineItems: [{ itemDesc: 'x', itemUnit: 'Lot', itemQty: 0 }] }] }, { conditionsFiles: 1 })).toEqual(['items'])
  })
})
