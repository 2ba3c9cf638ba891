import { describe, expect, it } from 'vitest'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'
import { tenantProjectsShared } from '../../module.shared.js'
import { finalDocumentStates, finalDocumentWorkflow, type FinalDocumentActor, type FinalDocumentState } from './final-document.workflow.js'

installModules(modules)

/*
 * The final documents' workflow (spec §3, §4, §6), every state × every action × every kind of
 * caller: staff holding `reminder` remind (again and again), `complete` completes, `exempt`
 * exempts; COMPLETED, EXEMPTED and HISTORICAL have no way out; the tenant takes none of them.
 */

const abilityOf = (user: { id: number; userType: number; tenancyId?: number }, ...actions: string[]) =>
  createAbility(
    defineRules(
      user,
      actions.map((action) => ({ resource: 'tenant-project-final-documents', action, attribute: 'any' as const }))
    )
  )
const callers = {
  projectManager: { ability: abilityOf({ id: 7, userType: 521 }, 'reminder', 'complete', 'exempt') },
  reminderOnly: { ability: abilityOf({ id: 8, userType: 521 }, 'reminder') },
  tenantMaster: { ability: createAbility(defineRules({ id: 60, userType: 601, tenancyId: 5 }, [{ resource: 'tenant-projects', action: 'read', attribute: 'own' }])) },
  nobody: { ability: createAbility([]) }
} satisfies Record<string, FinalDocumentActor>

const expected: Record<keyof typeof callers, Record<FinalDocumentState, string[]>> = {
  projectManager: { DRAFT: ['sendReminder', 'complete', 'exempt'], SEND_REMINDER: ['sendReminder', 'complete', 'exempt'], COMPLETED: [], EXEMPTED: [], HISTORICAL: [] },
  reminderOnly: { DRAFT: ['sendReminder'], SEND_REMINDER: ['sendReminder'], COMPLETED: [], EXEMPTED: [], HISTORICAL: [] },
  tenantMaster: { DRAFT: [], SEND_REMINDER: [], COMPLETED: [], EXEMPTED: [], HISTORICAL: [] },
  nobody: { DRAFT: [], SEND_REMINDER: [], COMPLETED: [], EXEMPTED: [], HISTORICAL: [] }
}

describe('final documents workflow', () => {
  for (const [name, caller] of Object.entries(callers) as Array<[keyof typeof callers, FinalDocumentActor]>) {
    for (const state of finalDocumentStates) {
      it(`${name} from ${state}: ${expected[name][state].join(', ') || 'nothing'}`, () => {
        expect(finalDocumentWorkflow.actionsFrom(state, { status: state, tenancyId: 5 }, caller)).toEqual(expected[name][state])
        for (const action of ['sendReminder', 'complete', 'exempt']) {
          if (!expected[name][state].includes(action)) expect(() => finalDocumentWorkflow.next(state, action, { status: state }, caller)).toThrow()
        }
      })
    }
  }

  it('settles on COMPLETED and EXEMPTED only; those and HISTORICAL are terminal', () => {
    expect(finalDocumentStates.filter((state) => finalDocumentWorkflow.isIn('settled', state))).toEqual(['COMPLETED', 'EXEMPTED'])
    expect([...finalDocumentWorkflow.terminal]).toEqual(['COMPLETED', 'EXEMPTED', 'HISTORICAL'])
  })

  it('names in the catalogue exactly the permissions its table asks', () => {
    expect([...tenantProjectsShared.permissions['tenant-project-final-documents']].sort()).toEqual(finalDocumentWorkflow.permissions().sort())
  })
})
