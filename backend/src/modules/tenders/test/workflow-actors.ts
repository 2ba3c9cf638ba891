import { createAbility, defineRules } from '../../../abilities/define-rules.js'
import type { Id, TenderActor } from '../services/tenders/tender.workflow.js'

/*
 * Workflow actors of the guard tables' unit tests: each holds a CASL ability built the way the
 * server builds one from a user's groups (defineRules: an `any` grant is an unconditioned rule,
 * an `own` grant one conditioned on `managedBy`), so the tables are tested against real rules.
 */

/** An ability from grants written `'<resource>:<action>:<own|any>'`, for a user of this id and type. */
export function abilityOf(user: { id: number; userType: number; companyId?: number | null }, ...grants: string[]) {
  return createAbility(
    defineRules(
      user,
      grants.map((grant) => {
        const [resource, action, attribute] = grant.split(':')
        return { resource, action, attribute: attribute as 'own' | 'any' }
      })
    )
  )
}

/** A staff actor holding these grants in the region. */
export const staffActor = (id: number, ...grants: string[]): TenderActor => ({ id, portal: 'staff', ability: abilityOf({ id, userType: 521 }, ...grants) })

/** An ability that allows every action on every subject, and one that allows none. */
export const allowsEverything = createAbility([{ action: 'manage', subject: 'all' }])
export const allowsNothing = createAbility([])

/** A vendor actor of a company (its grants do not matter to the guards that check the company). */
export const vendorActor = (id: Id, companyId: Id | null, ability = allowsNothing) => ({ id, portal: 'vendors' as const, companyId, ability })
