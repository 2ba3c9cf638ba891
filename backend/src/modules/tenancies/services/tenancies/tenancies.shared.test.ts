import { describe, expect, it } from 'vitest'
import { floorInformationProblem, openingHoursProblems, premisesHoldOn, premisesProblems, workingHourOptions } from './tenancies.shared.js'
import { leaseMismatches, leaseTypes, sortLeases } from '../leases/leases.shared.js'
import { tenancyActionTo, tenancyWorkflow } from './tenancy.workflow.js'

describe('premises on a date (spec §9: the whole end day counts)', () => {
  const line = { effectiveDate: '2026-01-10', endDate: '2026-03-31' }
  it('holds from the effective day through the whole end day', () => {
    expect(premisesHoldOn(line, '2026-01-10')).toBe(true)
    expect(premisesHoldOn(line, '2026-02-15')).toBe(true)
    expect(premisesHoldOn(line, '2026-03-31')).toBe(true)
  })
  it('does not hold the day before it starts nor the day after it ends', () => {
    expect(premisesHoldOn(line, '2026-01-09')).toBe(false)
    expect(premisesHoldOn(line, '2026-04-01')).toBe(false)
  })
  it('holds on without an end date', () => expect(premisesHoldOn({ effectiveDate: '2026-01-10', endDate: null }, '2099-12-31')).toBe(true))
  it('names missing and expired floor information for a tenant project', () => {
    expect(floorInformationProblem([], '2026-02-01')).toBe('MISSING')
    expect(floorInformationProblem([line], '2026-04-01')).toBe('EXPIRED')
    expect(floorInformationProblem([line], '2026-03-31')).toBeNull()
  })
  it('refuses a floor the building does not list and an end before the start', () => {
    const floors = ['G/F', '1/F', '2/F']
    expect(
      premisesProblems(
        [
          { floor: '1/F', effectiveDate: '2026-01-01' },
          { floor: '9/F', effectiveDate: '2026-01-01' },
          { floor: '2/F', effectiveDate: '2026-02-01', endDate: '2026-01-31' }
        ],
        floors
      )
    ).toEqual([1, 2])
    expect(premisesProblems([{ floor: '2/F', effectiveDate: '2026-02-01', endDate: '2026-02-01' }], floors)).toEqual([])
  })
})

describe('opening hours (spec §3, §9)', () => {
  it('offers Anytime, the half hours from 00:00 to 23:30 and 23:59', () => {
    expect(workingHourOptions[0]).toBe('Anytime')
    expect(workingHourOptions).toContain('00:00')
    expect(workingHourOptions).toContain('23:30')
    expect(workingHourOptions.at(-1)).toBe('23:59')
    expect(workingHourOptions).not.toContain('09:15')
    expect(workingHourOptions).toHaveLength(50)
  })
  it('accepts closed days, Anytime and a start before the end, Monday to Sunday plus PH', () => {
    expect(openingHoursProblems({ MON: { start: '09:00', end: '18:00' }, SAT: { start: 'Anytime' }, SUN: null, PH: { start: '10:00', end: '23:59' } })).toEqual([])
  })
  it('refuses an end not after the start, a missing end, off-grid times and unknown days', () => {
    expect(
      openingHoursProblems({ MON: { start: '18:00', end: '09:00' }, TUE: { start: '09:00', end: '09:00' }, WED: { start: '09:00' }, THU: { start: '09:10', end: '18:00' }, XYZ: null } as any)
    ).toEqual(['MON', 'TUE', 'WED', 'THU', 'XYZ'])
  })
})

describe('leases (spec §3, §9)', () => {
  it('sorts LO, LS, LP, TO, TS, SO, SS, unknown types last', () => {
    const shuffled = ['SS', 'TO', 'XX', 'LP', 'SO', 'LO', 'TS', 'LS'].map((leaseType) => ({ leaseType }))
    expect(sortLeases(shuffled).map((lease) => lease.leaseType)).toEqual([...leaseTypes, 'XX'])
  })
  it('warns when the lease type is not of the tenancy type or the building is another', () => {
    expect(leaseMismatches({ type: 'O', buildingCode: 'ES1' }, { leaseType: 'LO', buildingCode: 'ES1' })).toEqual([])
    expect(leaseMismatches({ type: 'R', buildingCode: 'ES1' }, { leaseType: 'LP', buildingCode: 'ES1' })).toEqual([])
    expect(leaseMismatches({ type: 'O', buildingCode: 'ES1' }, { leaseType: 'TS', buildingCode: 'ES1' })).toEqual(['type'])
    expect(leaseMismatches({ type: 'R', buildingCode: 'ES1' }, { leaseType: 'LS', buildingCode: 'ES2' })).toEqual(['building'])
  })
})

describe('tenancy status workflow', () => {
  it('moves ACTIVE ⇄ INACTIVE with the changeStatus permission', () => {
    expect(tenancyWorkflow.next('ACTIVE', tenancyActionTo('inactive'))).toBe('INACTIVE')
    expect(tenancyWorkflow.next('INACTIVE', tenancyActionTo('active'))).toBe('ACTIVE')
    expect(() => tenancyWorkflow.next('ACTIVE', tenancyActionTo('active'))).toThrow()
    expect(tenancyWorkflow.permissions()).toEqual(['changeStatus'])
  })
})
