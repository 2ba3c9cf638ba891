import { describe, expect, it } from 'vitest'
import { subject as tag } from '@casl/ability'

// Typed loosely: the app's ability names subjects by service path.
const subject = (type: string, record: Record<string, unknown>) => tag(type, record) as any
import { createAbility, defineRules, managesAnyAccount, ownConditions } from './define-rules.js'
import { forbiddenField } from './field-rules.js'
import { sharedModules } from '../modules/index.shared.js'
import type { SharedModuleManifest } from '../modules/manifest.shared.js'
import { accountProfileFields, tenancyPerms, userTypes, vendorPerms, type Permission, type TenancyPerm } from './permissions.shared.js'
import { ownScope, permissionCatalogue as installedCatalogue, tenancyPermGrants as installedTenancyPermGrants } from './permission-catalogue.shared.js'
import { modules } from '../modules/index.js'
import { installModules } from '../modules/registry.js'

// The rules read the catalogue of the installed modules: this file is its own composition root.
installModules(modules)
const permissionCatalogue = installedCatalogue()
const tenancyPermGrants = installedTenancyPermGrants()

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

/*
 * Field rules of accounts (issue 8 finding 1), exhaustive over user types: only users
 * create/update `any` sets what decides an account's rights.
 */
const allUserTypes = Object.values(userTypes).flatMap((types) => Object.values(types)) as number[]
const adminOnlyFields = ['groupIds', 'regions', 'userType', 'domain', 'source', 'companyId', 'tenancyId']
const usersOwn = (permissionCatalogue.users ?? []).map((action) => grant('users', action, 'own'))
const callerOf = (userType: number) => ({ id: 100, userType, companyId: 3, tenancyId: 5 })
const vendorSubTypes = [421, 441, 461]
const tenantSubTypes = [621, 641, 661, 662]

describe('account field rules', () => {
  it('never lets an own-only caller of any type write a rights field of any account, its own included', () => {
    for (const callerType of allUserTypes) {
      const caller = callerOf(callerType)
      const ability = createAbility(defineRules(caller, usersOwn))
      expect(managesAnyAccount(ability, 'create')).toBe(false)
      expect(managesAnyAccount(ability, 'update')).toBe(false)
      for (const targetType of allUserTypes) {
        for (const target of [
          { ...caller, userType: targetType },
          { id: 101, userType: targetType, companyId: 3, tenancyId: 5 }
        ]) {
          for (const field of adminOnlyFields.filter((f) => f !== 'userType' && f !== 'companyId' && f !== 'tenancyId')) {
            expect(ability.can('create', subject('users', target), field), `${callerType} creates ${targetType}.${field}`).toBe(false)
          }
          for (const field of adminOnlyFields) {
            expect(ability.can('update', subject('users', target), field), `${callerType} updates ${targetType}.${field}`).toBe(false)
            expect(ability.can('patch', subject('users', target), field)).toBe(false)
          }
        }
      }
    }
  })

  it('lets a master account create only sub-account types of its own company or tenancy', () => {
    for (const callerType of allUserTypes) {
      const caller = callerOf(callerType)
      const ability = createAbility(defineRules(caller, usersOwn))
      const portal = callerType >= 600 ? 'tenants' : callerType >= 500 ? 'staff' : 'vendors'
      for (const targetType of allUserTypes) {
        const scope = portal === 'vendors' ? { companyId: 3 } : { tenancyId: 5 }
        const expected = portal === 'vendors' ? vendorSubTypes.includes(targetType) : portal === 'tenants' ? tenantSubTypes.includes(targetType) : false
        const account = { username: 'x', userType: targetType, ...scope }
        expect(forbiddenField(ability, 'create', 'users', account, Object.keys(account)) === undefined, `${callerType} creates ${targetType}`).toBe(expected)
        // Never in another company or tenancy.
        const elsewhere = { ...account, ...(portal === 'vendors' ? { companyId: 4 } : { tenancyId: 6 }) }
        expect(forbiddenField(ability, 'create', 'users', elsewhere, Object.keys(elsewhere))).toBeDefined()
      }
    }
  })

  it('gives vendor toggles to vendor sub-accounts and tenancy perms to tenant sub-accounts, profiles to all', () => {
    const vendorAdmin = createAbility(defineRules(callerOf(401), usersOwn))
    const tenantAdmin = createAbility(defineRules(callerOf(601), usersOwn))
    for (const targetType of allUserTypes) {
      const ofVendor = subject('users', { id: 1, userType: targetType, companyId: 3 })
      const ofTenancy = subject('users', { id: 1, userType: targetType, tenancyId: 5 })
      expect(vendorAdmin.can('update', ofVendor, 'vendorPerms')).toBe(vendorSubTypes.includes(targetType))
      expect(vendorAdmin.can('update', ofVendor, 'tenancyPerms')).toBe(false)
      expect(tenantAdmin.can('update', ofTenancy, 'tenancyPerms')).toBe(tenantSubTypes.includes(targetType))
      expect(tenantAdmin.can('update', ofTenancy, 'vendorPerms')).toBe(false)
      for (const field of [...accountProfileFields, 'updatedAt']) {
        expect(vendorAdmin.can('update', ofVendor, field)).toBe(true)
        expect(tenantAdmin.can('update', ofTenancy, field)).toBe(true)
      }
      expect(vendorAdmin.can('update', subject('users', { id: 1, userType: targetType, companyId: 4 }), 'displayName')).toBe(false)
    }
  })

  it('names the field that puts a new account out of reach', () => {
    const ability = createAbility(defineRules(callerOf(401), usersOwn))
    const write = (record: Record<string, unknown>) => forbiddenField(ability, 'create', 'users', record, Object.keys(record))
    expect(write({ username: 'x', userType: 501, companyId: 3 })).toBe('userType')
    expect(write({ username: 'x', userType: 421, companyId: 4 })).toBe('companyId')
    expect(write({ username: 'x', userType: 421, companyId: 3, groupIds: [1] })).toBe('groupIds')
    expect(write({ username: 'x', userType: 421, companyId: 3, vendorPerms: ['Tenders'] })).toBeUndefined()
  })

  it('lets an administrator (users any) write every field of every account', () => {
    const ability = createAbility(defineRules(staff, [grant('users', 'create', 'any'), grant('users', 'update', 'any')]))
    expect(managesAnyAccount(ability, 'create')).toBe(true)
    expect(managesAnyAccount(ability, 'update')).toBe(true)
    for (const targetType of allUserTypes) {
      for (const field of [...adminOnlyFields, ...accountProfileFields, 'vendorPerms', 'tenancyPerms']) {
        expect(ability.can('create', subject('users', { userType: targetType }), field)).toBe(true)
        expect(ability.can('update', subject('users', { userType: targetType, companyId: 9 }), field)).toBe(true)
      }
    }
  })
})

describe('vendor sub-account toggles', () => {
  const bid = subject('bids', { companyId: 3 })
  it('grants a sub-account the rights of its toggles on its company only', () => {
    for (const userType of vendorSubTypes) {
      const withTenders = createAbility(defineRules({ id: 1, userType, companyId: 3, vendorPerms: ['Tenders'] }, []))
      expect(withTenders.can('save', bid)).toBe(true)
      expect(withTenders.can('read', subject('tenders', { companyId: 3 }))).toBe(true)
      expect(withTenders.can('save', subject('bids', { companyId: 4 }))).toBe(false)
      expect(withTenders.can('receive', subject('e-circulars', { companyId: 3 }))).toBe(false)
      const without = createAbility(defineRules({ id: 1, userType, companyId: 3, vendorPerms: [] }, []))
      expect(without.can('save', bid)).toBe(false)
      expect(without.can('read', subject('companies', { id: 3 }))).toBe(true)
      expect(without.can('read', 'users')).toBe(false)
    }
  })
  it('names a grant for every toggle, and gives toggles to no other user type', () => {
    for (const perm of vendorPerms) {
      const ability = createAbility(defineRules({ id: 1, userType: 421, companyId: 3, vendorPerms: [perm] }, []))
      expect(ability.rules.length).toBeGreaterThan(createAbility(defineRules({ id: 1, userType: 421, companyId: 3 }, [])).rules.length)
    }
    for (const userType of allUserTypes.filter((type) => !vendorSubTypes.includes(type))) {
      const ability = createAbility(defineRules({ id: 1, userType, companyId: 3, tenancyId: 5, vendorPerms: [...vendorPerms, 'Unknown'] }, []))
      expect(ability.can('save', bid)).toBe(false)
      expect(ability.can('read', subject('companies', { id: 3 }))).toBe(false)
    }
  })
})

describe('vendor toggles of the modules', () => {
  const sub = { id: 1, userType: 421, companyId: 3 }
  const ofCompany = (resource: string, companyId: number) => subject(resource, ownConditions(resource, { ...sub, companyId }))
  it('a module’s toggle reaches the abilities through its manifest (vendorToggles of module.shared.ts), on the own company only', () => {
    // The projects module's Projects toggle: the manifest names what the sub-account gets.
    const manifests: readonly SharedModuleManifest[] = sharedModules
    expect(manifests.find((module) => module.name === 'projects')?.vendorToggles?.Projects?.['project-documents']).toEqual(['create', 'delete'])
    const withProjects = createAbility(defineRules({ ...sub, vendorPerms: ['Projects'] }, []))
    const without = createAbility(defineRules({ ...sub, vendorPerms: [] }, []))
    expect(withProjects.can('create', ofCompany('project-documents', 3))).toBe(true)
    expect(withProjects.can('create', ofCompany('project-documents', 4))).toBe(false)
    expect(without.can('create', ofCompany('project-documents', 3))).toBe(false)
    // Every module's toggles, each resource and action: granted with the toggle, refused without.
    const toggled = manifests.flatMap((module) => Object.entries(module.vendorToggles ?? {}))
    expect(toggled.map(([perm]) => perm)).toEqual(expect.arrayContaining(['Tenders', 'Projects', 'AdminVendorContacts']))
    for (const [perm, resources] of toggled) {
      expect(vendorPerms).toContain(perm)
      const holder = createAbility(defineRules({ ...sub, vendorPerms: [perm] }, []))
      for (const [resource, actions] of Object.entries(resources ?? {}))
        for (const action of actions) {
          expect(holder.can(action, ofCompany(resource, 3)), `${perm}: ${action} ${resource}`).toBe(true)
          expect(holder.can(action, ofCompany(resource, 4)), `${perm}: ${action} ${resource} of another company`).toBe(false)
          if (resource !== 'files') expect(without.can(action, ofCompany(resource, 3)), `no toggle: ${action} ${resource}`).toBe(false)
        }
    }
  })
})

describe('vendor contacts and the company profile', () => {
  const contact = (companyId: number) => subject('ccdcontacts', { companyId })
  it('"admin vendor contacts" gives the company contacts, and only its own', () => {
    const keeper = createAbility(defineRules({ id: 1, userType: 421, companyId: 3, vendorPerms: ['AdminVendorContacts'] }, []))
    for (const action of ['read', 'create', 'update']) expect(keeper.can(action, contact(3))).toBe(true)
    expect(keeper.can('update', contact(4))).toBe(false)
    expect(keeper.can('delete', contact(3))).toBe(false)
    const bidder = createAbility(defineRules({ id: 1, userType: 421, companyId: 3, vendorPerms: ['Tenders', 'Projects', 'ReceiveECirculars'] }, []))
    for (const action of ['read', 'create', 'update']) expect(bidder.can(action, contact(3))).toBe(false)
  })
  it('companies update own lets a vendor or tenant write only the profile fields of its own company', () => {
    for (const userType of [401, 601]) {
      const ability = createAbility(defineRules({ id: 1, userType, companyId: 3, tenancyId: 5 }, [{ resource: 'companies', action: 'update', attribute: 'own' }]))
      const own = subject('companies', { id: 3 })
      for (const field of ['mailingName', 'email', 'phone']) expect(ability.can('update', own, field)).toBe(true)
      for (const field of ['name', 'type', 'status', 'region']) expect(ability.can('update', own, field)).toBe(false)
      expect(ability.can('update', subject('companies', { id: 4 }))).toBe(false)
    }
    // Staff keep every field of the companies they manage.
    const staff = createAbility(defineRules({ id: 1, userType: 521 }, [{ resource: 'companies', action: 'update', attribute: 'own' }]))
    expect(staff.can('update', subject('companies', { managedBy: 1 }), 'name')).toBe(true)
  })
})

describe('tenancy sub-account perms', () => {
  const tenancyOf = (tenancyId: number) => ({ tenancyId })
  /** Values a record takes to be within the tenants' `ownScope` of its resource (the first of each `$in`). */
  const inTenantScope = (resource: string) =>
    Object.fromEntries(Object.entries(ownScope()[resource]?.tenants ?? {}).map(([field, condition]: [string, any]) => [field, condition?.$in ? condition.$in[0] : condition]))
  // Every subset of the five perms: the mapping is small enough to check whole.
  const subsets = tenancyPerms.reduce<TenancyPerm[][]>((all, perm) => [...all, ...all.map((subset) => [...subset, perm])], [[]])
  const holderTypes = [621, 641, 661]

  it('grants a sub-account exactly the union of its perms’ grants, on its own tenancy only', () => {
    expect(subsets).toHaveLength(32)
    for (const userType of holderTypes) {
      for (const perms of subsets) {
        const ability = createAbility(defineRules({ id: 1, userType, companyId: 3, tenancyId: 5, tenancyPerms: perms }, []))
        const granted = new Set(perms.flatMap((perm) => tenancyPermGrants[perm]).map(({ resource, action }) => `${resource}|${action}`))
        const every = new Set(tenancyPerms.flatMap((perm) => tenancyPermGrants[perm]).map(({ resource, action }) => `${resource}|${action}`))
        for (const key of every) {
          const [resource, action] = key.split('|')
          const label = `${userType} ${perms.join('+') || 'none'} ${action} ${resource}`
          // A record its own grant reaches (in a state a module's `ownScope` lets tenants read: a handover once scheduled).
          expect(ability.can(action, subject(resource, { ...tenancyOf(5), ...inTenantScope(resource) })), label).toBe(granted.has(key))
          // Never another tenancy's record, whatever the perms.
          expect(ability.can(action, subject(resource, { ...tenancyOf(6), ...inTenantScope(resource) })), label).toBe(false)
        }
        // Nothing beyond the baseline and the perms: no accounts through the users service, no staff data.
        expect(ability.can('read', subject('users', tenancyOf(5)))).toBe(false)
        expect(ability.can('update', subject('users', { id: 1, userType, tenancyId: 5 }), 'tenancyPerms')).toBe(false)
        expect(ability.can('read', 'tenders')).toBe(false)
        expect(ability.can('read', 'buildings')).toBe(true)
      }
    }
  })

  it('reads its tenancy record with TenancyRecord, manages the tenancy’s accounts with SubAdmin, and TenantProject gives only its own grants', () => {
    const withPerms = (...perms: TenancyPerm[]) => createAbility(defineRules({ id: 1, userType: 621, tenancyId: 5, tenancyPerms: perms }, []))
    expect(withPerms('TenancyRecord').can('read', 'tenancies')).toBe(true)
    expect(withPerms('TenancyRecord').can('detail', 'tenancies')).toBe(true)
    expect(withPerms('TenancyRecord').can('lock', subject('tenancy-accounts', tenancyOf(5)))).toBe(false)
    for (const action of ['read', 'create', 'update', 'invite', 'lock', 'unlock', 'enable', 'disable']) {
      expect(withPerms('SubAdmin').can(action, subject('tenancy-accounts', tenancyOf(5))), action).toBe(true)
    }
    expect(withPerms('SubAdmin').can('read', 'tenancies')).toBe(false)
    const project = withPerms('TenantProject')
    expect(project.can('read', subject('tenant-projects', tenancyOf(5)))).toBe(true)
    expect(project.can('read', 'tenancies')).toBe(false)
    expect(project.can('read', subject('tenancy-accounts', tenancyOf(5)))).toBe(false)
    expect(project.can('read', subject('hotb', tenancyOf(5)))).toBe(false)
    expect(project.can('read', subject('work-permits', tenancyOf(5)))).toBe(false)
  })

  it('gives perms to no other user type, and ignores unknown perms', () => {
    const all = [...tenancyPerms, 'Unknown']
    for (const userType of allUserTypes.filter((type) => !holderTypes.includes(type))) {
      const ability = createAbility(defineRules({ id: 1, userType, companyId: 3, tenancyId: 5, tenancyPerms: all }, []))
      for (const { resource, action } of tenancyPerms.flatMap((perm) => tenancyPermGrants[perm])) {
        expect(ability.can(action, subject(resource, tenancyOf(5))), `${userType} ${action} ${resource}`).toBe(false)
      }
    }
    const unknown = defineRules({ id: 1, userType: 621, tenancyId: 5, tenancyPerms: ['Unknown', 'subadmin'] }, [])
    expect(unknown).toEqual(defineRules({ id: 1, userType: 621, tenancyId: 5 }, []))
  })

  it('names for every perm a grant that no other perm gives', () => {
    for (const perm of tenancyPerms) {
      const others = new Set(tenancyPerms.filter((other) => other !== perm).flatMap((other) => tenancyPermGrants[other].map(({ resource, action }) => `${resource}|${action}`)))
      expect(
        tenancyPermGrants[perm].some(({ resource, action }) => !others.has(`${resource}|${action}`)),
        perm
      ).toBe(true)
    }
  })
})
