import { describe, expect, it } from 'vitest'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'
import { tenantProjectsShared } from '../../module.shared.js'
import {
  acceptedTotal,
  folderTakesUploads,
  greenFitoutStates,
  greenFitoutWorkflow,
  greenFolderStates,
  greenFolderWorkflow,
  type GreenFitoutActor,
  type GreenFitoutState,
  type GreenFolderState
} from './green-fitout.workflow.js'
import { greenFitoutCategories, scorecardOf } from './green-fitouts.shared.js'

installModules(modules)

/*
 * The green fit-out's two tables (spec §3, §4, §6; issue 30 item 9), every state × every action ×
 * every kind of caller: staff start, hold, resume, complete and cancel the scheme with their own
 * rights; reviewers approve, reject and score the folders only while the scheme is under review
 * and not on hold; the tenant hands folders in (a rejected one only while the scheme is on hold);
 * ACCEPTED and REJECTED folders are locked. And the total: the ACCEPTED folders' points, nothing else.
 */

const staff = (...actions: string[]) =>
  createAbility(
    defineRules(
      { id: 7, userType: 521 },
      actions.map((action) => ({ resource: 'green-fitouts', action, attribute: 'any' as const }))
    )
  )
const tenantMaster = createAbility(
  defineRules({ id: 60, userType: 601, tenancyId: 5, tenancyPerms: ['TenantProject'] } as any, [
    { resource: 'tenant-projects', action: 'read', attribute: 'own' },
    { resource: 'tenant-projects', action: 'update', attribute: 'own' }
  ])
)
const callers = {
  approver: { ability: staff('start', 'hold', 'review', 'comment', 'preview', 'send', 'readPoints') },
  projectManager: { ability: staff('start', 'hold', 'comment', 'preview', 'send', 'readPoints') },
  reviewerOnly: { ability: staff('review') },
  tenantMaster: { ability: tenantMaster },
  nobody: { ability: createAbility([]) }
} satisfies Record<string, GreenFitoutActor>
type Caller = keyof typeof callers

const fitoutActions = ['start', 'hold', 'resume', 'complete', 'cancel']
const fitoutExpected: Record<Caller, Record<GreenFitoutState, [string[], string[]]>> = {
  // [running, on hold]
  approver: {
    DRAFT: [
      ['start', 'cancel'],
      ['start', 'cancel']
    ],
    UNDER_REVIEW: [
      ['hold', 'complete', 'cancel'],
      ['resume', 'cancel']
    ],
    COMPLETED: [[], []],
    CANCEL: [[], []]
  },
  projectManager: {
    DRAFT: [
      ['start', 'cancel'],
      ['start', 'cancel']
    ],
    UNDER_REVIEW: [
      ['hold', 'cancel'],
      ['resume', 'cancel']
    ],
    COMPLETED: [[], []],
    CANCEL: [[], []]
  },
  reviewerOnly: { DRAFT: [[], []], UNDER_REVIEW: [['complete'], []], COMPLETED: [[], []], CANCEL: [[], []] },
  tenantMaster: { DRAFT: [[], []], UNDER_REVIEW: [[], []], COMPLETED: [[], []], CANCEL: [[], []] },
  nobody: { DRAFT: [[], []], UNDER_REVIEW: [[], []], COMPLETED: [[], []], CANCEL: [[], []] }
}

describe('green fit-out workflow', () => {
  for (const [name, caller] of Object.entries(callers) as Array<[Caller, GreenFitoutActor]>) {
    for (const state of greenFitoutStates) {
      for (const [hold, onHold] of [
        [0, false],
        [1, true]
      ] as const) {
        const expected = fitoutExpected[name][state][hold]
        it(`${name} from ${state}${onHold ? ' on hold' : ''}: ${expected.join(', ') || 'nothing'}`, () => {
          const record = { status: state, onHold, tenancyId: 5 }
          expect(greenFitoutWorkflow.actionsFrom(state, record, caller)).toEqual(expected)
          for (const action of fitoutActions) if (!expected.includes(action)) expect(() => greenFitoutWorkflow.next(state, action, record, caller)).toThrow()
        })
      }
    }
  }

  it('leads start to UNDER_REVIEW, hold and resume back to it, complete to COMPLETED, cancel to CANCEL; COMPLETED and CANCEL are terminal', () => {
    const approver = callers.approver
    expect(greenFitoutWorkflow.next('DRAFT', 'start', { status: 'DRAFT' }, approver)).toBe('UNDER_REVIEW')
    expect(greenFitoutWorkflow.next('UNDER_REVIEW', 'hold', { status: 'UNDER_REVIEW', onHold: false }, approver)).toBe('UNDER_REVIEW')
    expect(greenFitoutWorkflow.next('UNDER_REVIEW', 'resume', { status: 'UNDER_REVIEW', onHold: true }, approver)).toBe('UNDER_REVIEW')
    expect(greenFitoutWorkflow.next('UNDER_REVIEW', 'complete', { status: 'UNDER_REVIEW' }, approver)).toBe('COMPLETED')
    expect(greenFitoutWorkflow.next('DRAFT', 'cancel', { status: 'DRAFT' }, approver)).toBe('CANCEL')
    expect([...greenFitoutWorkflow.terminal]).toEqual(['COMPLETED', 'CANCEL'])
    expect(greenFitoutStates.filter((state) => greenFitoutWorkflow.isIn('open', state))).toEqual(['DRAFT', 'UNDER_REVIEW'])
  })
})

const folderActions = ['submit', 'approve', 'reject', 'updatePoints']
type Scheme = 'draft' | 'review' | 'hold' | 'completed' | 'cancel'
const schemes: Record<Scheme, { fitoutStatus: GreenFitoutState; fitoutOnHold: boolean }> = {
  draft: { fitoutStatus: 'DRAFT', fitoutOnHold: false },
  review: { fitoutStatus: 'UNDER_REVIEW', fitoutOnHold: false },
  hold: { fitoutStatus: 'UNDER_REVIEW', fitoutOnHold: true },
  completed: { fitoutStatus: 'COMPLETED', fitoutOnHold: false },
  cancel: { fitoutStatus: 'CANCEL', fitoutOnHold: false }
}
const none: Record<Scheme, string[]> = { draft: [], review: [], hold: [], completed: [], cancel: [] }
const reviewing: Record<GreenFolderState, Record<Scheme, string[]>> = {
  DRAFT: { ...none, review: ['approve', 'reject', 'updatePoints'] },
  COMPLETED: { ...none, review: ['approve', 'reject', 'updatePoints'] },
  ACCEPTED: none,
  REJECTED: none
}
const handing: Record<GreenFolderState, Record<Scheme, string[]>> = {
  DRAFT: { ...none, draft: ['submit'], review: ['submit'], hold: ['submit'] },
  COMPLETED: none,
  ACCEPTED: none,
  REJECTED: { ...none, hold: ['submit'] }
}
const folderExpected: Record<Caller, Record<GreenFolderState, Record<Scheme, string[]>>> = {
  approver: reviewing,
  projectManager: { DRAFT: none, COMPLETED: none, ACCEPTED: none, REJECTED: none },
  reviewerOnly: reviewing,
  tenantMaster: handing,
  nobody: { DRAFT: none, COMPLETED: none, ACCEPTED: none, REJECTED: none }
}

describe('green fit-out folder workflow', () => {
  const project = { id: 3, region: 'HK', tenancyId: 5, accountUserIds: [] }
  for (const [name, caller] of Object.entries(callers) as Array<[Caller, GreenFitoutActor]>) {
    for (const state of greenFolderStates) {
      for (const [scheme, facts] of Object.entries(schemes) as Array<[Scheme, (typeof schemes)[Scheme]]>) {
        const expected = folderExpected[name][state][scheme]
        it(`${name} on a ${state} folder, scheme ${scheme}: ${expected.join(', ') || 'nothing'}`, () => {
          const record = { status: state, ...facts, project }
          expect(greenFolderWorkflow.actionsFrom(state, record, caller)).toEqual(expected)
          for (const action of folderActions) if (!expected.includes(action)) expect(() => greenFolderWorkflow.next(state, action, record, caller)).toThrow()
        })
      }
    }
  }

  it('leads submit to COMPLETED, approve to ACCEPTED, reject to REJECTED, points to the same state; decided folders are locked', () => {
    const record = { status: 'COMPLETED' as const, ...schemes.review, project }
    expect(greenFolderWorkflow.next('COMPLETED', 'approve', record, callers.approver)).toBe('ACCEPTED')
    expect(greenFolderWorkflow.next('COMPLETED', 'reject', record, callers.approver)).toBe('REJECTED')
    expect(greenFolderWorkflow.next('COMPLETED', 'updatePoints', record, callers.approver)).toBe('COMPLETED')
    expect(greenFolderWorkflow.next('DRAFT', 'submit', { ...record, status: 'DRAFT' }, callers.tenantMaster)).toBe('COMPLETED')
    expect(greenFolderStates.filter((state) => greenFolderWorkflow.isIn('locked', state))).toEqual(['ACCEPTED', 'REJECTED'])
    expect([...greenFolderWorkflow.terminal]).toEqual(['ACCEPTED'])
  })

  it('takes uploads into undecided folders of an open scheme, and into rejected ones only while it is on hold', () => {
    const seen = greenFolderStates.flatMap((status) =>
      (Object.entries(schemes) as Array<[Scheme, any]>).filter(([, facts]) => folderTakesUploads({ status, ...facts })).map(([scheme]) => `${status}:${scheme}`)
    )
    expect(seen).toEqual(['DRAFT:draft', 'DRAFT:review', 'DRAFT:hold', 'REJECTED:hold'])
  })

  it('names in the catalogue exactly the staff permissions its tables ask, with comment, preview, send and read points', () => {
    const asked = [...greenFitoutWorkflow.permissions(), ...greenFolderWorkflow.permissions().filter((permission) => permission !== 'submit')]
    expect([...tenantProjectsShared.permissions['green-fitouts']].sort()).toEqual([...new Set([...asked, 'comment', 'preview', 'send', 'readPoints'])].sort())
  })
})

/** A small deterministic generator (the property test needs no library): the same folders every run. */
function* randomFolders(seed: number, runs: number) {
  let state = seed
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  for (let run = 0; run < runs; run++) {
    const count = Math.floor(next() * 12)
    yield Array.from({ length: count }, () => {
      const status = greenFolderStates[Math.floor(next() * greenFolderStates.length)]
      const awarded = next() < 0.2 ? null : Math.floor(next() * 30)
      return {
        category: greenFitoutCategories[Math.floor(next() * greenFitoutCategories.length)],
        status: status === 'ACCEPTED' && awarded === null ? 'DRAFT' : status,
        pointsAwarded: awarded,
        pointsClaimed: Math.floor(next() * 30)
      }
    })
  }
}

describe('the total', () => {
  it('equals the sum of the ACCEPTED folders’ awarded points, and the scorecard’s categories add up to it (500 random schemes)', () => {
    for (const folders of randomFolders(20261207, 500)) {
      const expected = folders.filter((folder) => folder.status === 'ACCEPTED').reduce((sum, folder) => sum + (folder.pointsAwarded ?? 0), 0)
      expect(acceptedTotal(folders)).toBe(expected)
      const card = scorecardOf(folders)
      expect(card.map((line) => line.category)).toEqual([...greenFitoutCategories])
      expect(card.reduce((sum, line) => sum + line.awarded, 0)).toBe(expected)
      // Points of undecided or rejected folders never count, however many.
      expect(acceptedTotal(folders.map((folder) => (folder.status === 'ACCEPTED' ? folder : { ...folder, pointsAwarded: 999 })))).toBe(expected)
    }
  })
})
