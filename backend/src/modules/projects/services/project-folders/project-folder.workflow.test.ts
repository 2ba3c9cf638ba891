import { describe, expect, it } from 'vitest'
import { createMongoAbility } from '@casl/ability'
import { folderStates, folderWorkflow, type FolderState } from './project-folder.workflow.js'

/** The folder table, every state × action × caller (spec §4 "Folder status: DRAFT, APPR, REJECTED"). */
const inCharge = { ability: createMongoAbility([{ action: 'approve', subject: 'project-documents', conditions: { managedBy: 7 } }]) }
const vendor = { ability: createMongoAbility([{ action: 'create', subject: 'project-documents', conditions: { companyId: 3 } }]) }
const admin = { ability: createMongoAbility([{ action: 'approve', subject: 'project-documents' }]) }
const folder = (status: FolderState) => ({ status, managedBy: 7, companyId: 3 })

const expected: Record<FolderState, Record<string, FolderState | null>> = {
  DRAFT: { approve: 'APPR', reject: 'REJECTED', resubmit: null },
  REJECTED: { approve: null, reject: null, resubmit: 'DRAFT' },
  APPR: { approve: null, reject: null, resubmit: null }
}

describe('project folder workflow', () => {
  it('moves each state by the table, for the staff in charge and any-approvers only', () => {
    for (const state of folderStates) {
      for (const [action, to] of Object.entries(expected[state])) {
        for (const [name, actor] of Object.entries({ inCharge, vendor, admin })) {
          const human = action !== 'resubmit'
          const allowed = to !== null && (!human || name !== 'vendor')
          if (allowed) expect(folderWorkflow.next(state, action, folder(state), actor), `${state} ${action} ${name}`).toBe(to)
          else expect(() => folderWorkflow.next(state, action, folder(state), actor), `${state} ${action} ${name}`).toThrow()
        }
      }
    }
  })

  it('refuses the staff not in charge, names the reason, the filing phase and the decided state', () => {
    const other = { ability: createMongoAbility([{ action: 'approve', subject: 'project-documents', conditions: { managedBy: 8 } }]) }
    expect(folderWorkflow.actionsFrom('DRAFT', folder('DRAFT'), other)).toEqual([])
    expect(folderWorkflow.actionsFrom('DRAFT', folder('DRAFT'), inCharge)).toEqual(['approve', 'reject'])
    expect(folderWorkflow.requiresReason('reject')).toBe(true)
    expect(folderWorkflow.requiresReason('approve')).toBe(false)
    expect(folderWorkflow.permissions()).toEqual(['approve'])
    expect(folderStates.filter((state) => folderWorkflow.isIn('filing', state))).toEqual(['DRAFT', 'REJECTED'])
    expect(folderWorkflow.terminal).toEqual(['APPR'])
  })
})
