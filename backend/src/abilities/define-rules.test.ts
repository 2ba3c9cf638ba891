import { describe, expect, it } from 'vitest'
import { subject as tag } from '@casl/ability'

// Typed loosely: the app's ability names subjects by service path.
const subject = (type: string, record: Record<string, unknown>) => tag(type, record) as any
import { createAbility, defineRules, ownConditions } from './define-rules.js'
import type { Permission } from './permissions.shared.js'

const staff = { id: 7, userType: 521 }
const vendor = { id: 8, userType: 401, companyId: 3 }
const tenant = { id: 9, userType: 601, tenancyId: 5 }

const grant = (resource: string, action: string, attribute: 'own' | 'any'): Permission => ({ resource, action, attribute })

describe('ownConditions', () => {
  it('reads own as managed by the user for staff', () => {
    expect(ownConditions('tenders', staff)).toEqual({ managedBy: 7 })
  })
  it('reads own as the user account itself for staff users', () => {
    expect(ownConditions('users', staff)).toEqual({ id: 7 })
  })
  it('reads own as the company for vendors and the tenancy for tenants', () => {
    expect(ownConditions('tenders', vendor)).toEqual({ companyId: 3 })
    expect(ownConditions('users', tenant)).toEqual({ tenancyId: 5 })
  })
  it('reads a company as own by its id for vendors and tenants', () => {
    expect(ownConditions('companies', vendor)).toEqual({ id: 3 })
    expect(ownConditions('companies', { id: 9, userType: 601, companyId: 4, tenancyId: 5 })).toEqual({ id: 4 })
    expect(ownConditions('companies', staff)).toEqual({ managedBy: 7 })
  })
  it('never matches when a vendor has no company', () => {
    expect(ownConditions('tenders', { id: 1, userType: 421 })).toEqual({ companyId: -1 })
  })
})

describe('defineRules', () => {
  it('grants only the baseline reference data without groups', () => {
    const ability = createAbility(defineRules(staff, []))
    expect(ability.can('read', 'buildings')).toBe(true)
    expect(ability.can('read', 'sites')).toBe(true)
    expect(ability.can('read', 'regions')).toBe(true)
    expect(ability.can('update', 'buildings')).toBe(false)
    expect(ability.can('read', 'users')).toBe(false)
    expect(ability.can('read', 'audit-log')).toBe(false)
  })

  it('grants any record for an "any" triple', () => {
    const ability = createAbility(defineRules(staff, [grant('users', 'lock', 'any')]))
    expect(ability.can('lock', subject('users', { id: 99 }))).toBe(true)
    expect(ability.can('unlock', subject('users', { id: 99 }))).toBe(false)
  })

  it('limits an "own" triple to the records of the company for vendors', () => {
    const ability = createAbility(defineRules(vendor, [grant('users', 'read', 'own')]))
    expect(ability.can('read', subject('users', { id: 1, companyId: 3 }))).toBe(true)
    expect(ability.can('read', subject('users', { id: 2, companyId: 4 }))).toBe(false)
  })

  it('limits an "own" triple to the tenancy for tenants', () => {
    const ability = createAbility(defineRules(tenant, [grant('files', 'read', 'own')]))
    expect(ability.can('read', subject('files', { tenancyId: 5 }))).toBe(true)
    expect(ability.can('read', subject('files', { tenancyId: 6 }))).toBe(false)
  })

  it('drops repeated triples from several groups', () => {
    const rules = defineRules(staff, [grant('sites', 'update', 'any'), grant('sites', 'update', 'any')])
    expect(rules.filter((rule) => rule.subject === 'sites' && rule.action === 'update')).toHaveLength(1)
  })

  it('combines own and any: any wins for the resource it names', () => {
    const ability = createAbility(defineRules(staff, [grant('buildings', 'update', 'own'), grant('buildings', 'update', 'any')]))
    expect(ability.can('update', subject('buildings', { managedBy: 1 }))).toBe(true)
  })
})
