import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tenancyPerms, userTypes } from '../../../../abilities/permissions.shared.js'
import { inviteValidityMs } from '../../../../services/users/users.shared.js'
import { grantablePerms, invitationExpired, mayGrant, mayManageAccount } from './tenancy-accounts.shared.js'

const allTypes = Object.values(userTypes).flatMap((types) => Object.values(types)) as number[]
const perms = fc.subarray([...tenancyPerms])
const account = fc.record({ id: fc.integer({ min: 1, max: 50 }), userType: fc.constantFrom(...allTypes), tenancyPerms: perms })

describe('who gives which tenancy perms', () => {
  it('lets staff and the master account give every perm, a SubAdmin those it holds but SubAdmin, anyone else none', () => {
    fc.assert(
      fc.property(account, ({ id, userType, tenancyPerms: held }) => {
        const given = grantablePerms({ id, userType, tenancyPerms: held })
        const everything = (userType >= 500 && userType < 600) || userType === 601
        const expected = everything ? [...tenancyPerms] : held.includes('SubAdmin') ? held.filter((perm) => perm !== 'SubAdmin') : []
        expect([...given].sort()).toEqual([...expected].sort())
        if (everything) return
        // Never more than held, never SubAdmin: nobody hands on what they lack.
        expect(given.every((perm) => held.includes(perm) && perm !== 'SubAdmin')).toBe(true)
      }),
      { numRuns: 500 }
    )
  })

  it('grants a set only when every perm in it is grantable', () => {
    fc.assert(
      fc.property(account, perms, (actor, wanted) => {
        expect(mayGrant(actor, wanted)).toBe(wanted.every((perm) => grantablePerms(actor).includes(perm)))
      })
    )
  })
})

describe('which account a caller changes', () => {
  it('keeps tenants off their own account and the master account, and off accounts with perms they could not give', () => {
    fc.assert(
      fc.property(account, account, (actor, target) => {
        const allowed = mayManageAccount(actor, target)
        const portal = actor.userType >= 500 && actor.userType < 600 ? 'staff' : actor.userType >= 600 ? 'tenants' : 'vendors'
        const expected = portal === 'staff' || (portal === 'tenants' && target.id !== actor.id && target.userType !== 601 && target.tenancyPerms.every((perm) => grantablePerms(actor).includes(perm)))
        expect(allowed).toBe(expected)
      }),
      { numRuns: 1000 }
    )
  })

  it('a SubAdmin never manages another SubAdmin; the master manages every sub-account', () => {
    const subAdmin = { id: 1, userType: 621, tenancyPerms: [...tenancyPerms] }
    expect(mayManageAccount(subAdmin, { id: 2, userType: 621, tenancyPerms: ['SubAdmin'] })).toBe(false)
    expect(mayManageAccount(subAdmin, { id: 2, userType: 621, tenancyPerms: ['TenantProject', 'TenancyRecord'] })).toBe(true)
    expect(mayManageAccount({ id: 1, userType: 601 }, { id: 2, userType: 621, tenancyPerms: ['SubAdmin'] })).toBe(true)
  })
})

describe('invitation expiry', () => {
  it('marks an invitation not taken up after 7 days, and nothing else', () => {
    const now = Date.parse('2026-11-27T00:00:00Z')
    expect(inviteValidityMs).toBe(7 * 86_400_000)
    const sent = (msAgo: number) => new Date(now - msAgo).toISOString()
    expect(invitationExpired({ status: 'INVITED', invitedAt: sent(inviteValidityMs - 1000) }, now)).toBe(false)
    expect(invitationExpired({ status: 'INVITED', invitedAt: sent(inviteValidityMs + 1000) }, now)).toBe(true)
    expect(invitationExpired({ status: 'ACTIVE', invitedAt: sent(30 * 86_400_000) }, now)).toBe(false)
    expect(invitationExpired({ status: 'INVITED', invitedAt: null }, now)).toBe(false)
  })
})
