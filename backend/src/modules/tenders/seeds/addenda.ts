import type { Knex } from 'knex'
import { addendumStart, diffAddendum, issueLabels, type AddendumContent } from '../services/tenders/addendum-diff.js'
import { grant } from './grant.js'
import { closingInstant, localDate } from '../services/tenders/closing-date.js'

const DAY = 86_400_000
const HK = 'Asia/Hong_Kong'
/** Demo tenders close at 17:00 Hong Kong time, this many days from now. */
const closingIn = (now: Date, days: number) => closingInstant(localDate(new Date(now.getTime() + days * DAY), HK), '17:00', HK)

export interface AddendaSeedContext {
  now: Date
  pm: number
  approver: number
  siteId: number
  departmentId: number
  alpha: number
  beta: number
}

/**
 * Demo addenda (issue 3 point 7), all ISSUED tenders of pm.hk inviting Alpha and Beta, with
 * amounts between 650,000 and 1,000,000 HKD (the list filter tests rely on the older ones):
 * - PR-ES-0008: addendum 1 issued (one item edited, one added, one removed; revision row with a
 *   comment); Alpha's bid back to INVITED with its edited quantity dropped, Beta re-drafting.
 * - PR-ES-0009: addendum 1 pending in DRAFT (closing date moved, an item edited, one added).
 * - PR-ES-0010: issued, no addendum yet, Alpha's bid submitted (tenders-addenda.test.ts amends it).
 */
export async function seedAddenda(trx: Knex, { now, pm, approver, siteId, departmentId, alpha, beta }: AddendaSeedContext) {
  const pr = (number: string, description: string, amount: number) => ({ region: 'HK', number, description, siteId, amount, currency: 'HKD', departmentId })
  await trx('purchase_requests').insert([
    pr('PR-ES-0008', 'ES1 escalator modernisation', 780_000),
    pr('PR-ES-0009', 'ES2 roof waterproofing', 860_000),
    pr('PR-ES-0010', 'ES3 loading bay shutters', 930_000)
  ])
  const base = (closingAt: Date): AddendumContent => ({
    closingAt: closingAt.toISOString(),
    validityDays: 180,
    general: { projectDescription: 'Works as described in the scope.', projectLocation: 'Exchange Square, Central', paymentTerms: '30 days after invoice', workingHours: 'Mon-Fri 09:00-18:00' },
    scope: { generalDesc: 'Supply, install, test and commission.', generalSpec: 'To the building standards.' },
    lineItemGroups: [
      {
        id: 'g1',
        name: 'Main works',
        lineItems: [
          { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot' },
          { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 40, itemUnit: 'Man Day' }
        ]
      },
      { id: 'g2', name: 'Temporary works', lineItems: [{ id: 'i3', itemNo: '2.1', itemDesc: 'Hoarding', itemQty: 30, itemUnit: 'm' }] }
    ]
  })
  const tender = (prNumber: string, description: string, amount: number, content: AddendumContent, extra: Record<string, unknown>) => ({
    region: 'HK',
    prNumber,
    prDescription: description,
    amount,
    currency: 'HKD',
    tenderType: 'TENDER',
    status: 'ISSUED',
    managedBy: pm,
    approverId: approver,
    approvedBy: approver,
    siteId,
    departmentId,
    termsVersion: 1,
    issuedAt: new Date(now.getTime() - 5 * DAY),
    closingAt: new Date(content.closingAt!),
    validityDays: content.validityDays,
    general: JSON.stringify(content.general),
    scope: JSON.stringify(content.scope),
    lineItemGroups: JSON.stringify(content.lineItemGroups),
    ...extra
  })

  // PR-ES-0008: addendum 1 issued.
  const issuedBase = base(closingIn(now, 12))
  const amended = structuredClone(issuedBase)
  amended.lineItemGroups[0].lineItems[1].itemQty = 60
  amended.lineItemGroups[0].lineItems.push({ id: 'i4', itemNo: '1.3', itemDesc: 'Night shift supervision', itemQty: 10, itemUnit: 'Man Hour' })
  amended.lineItemGroups[1].lineItems[0].addendumLabel = 'DP'
  const issuedDiff = diffAddendum(addendumStart(issuedBase), amended)
  const [amendedTender] = await trx('tenders').insert(
    tender('PR-ES-0008', 'ES1 escalator modernisation', 780_000, { ...issuedBase, lineItemGroups: issueLabels(issuedDiff.content.lineItemGroups) }, { version: 1 }),
    ['id']
  )
  await trx('tender_revisions').insert({
    tenderId: amendedTender.id,
    region: 'HK',
    version: 1,
    changes: JSON.stringify(issuedDiff.changes),
    comment: "Night works added at the landlord's request; the hoarding is now provided by others.",
    commentUpdatedAt: new Date(now.getTime() - DAY),
    commentUpdatedBy: pm,
    createdAt: new Date(now.getTime() - DAY),
    updatedAt: new Date(now.getTime() - DAY)
  })

  // PR-ES-0009: addendum 1 pending in DRAFT.
  const pendingBase = base(closingIn(now, 9))
  const draft = structuredClone(pendingBase)
  draft.closingAt = closingIn(now, 14).toISOString()
  draft.lineItemGroups[0].lineItems[0].itemDesc = 'Preliminaries incl. roof access scaffolding'
  draft.lineItemGroups[1].lineItems.push({ id: 'i5', itemNo: '2.2', itemDesc: 'Temporary rain covers', itemQty: 4, itemUnit: 'Set' })
  const pendingDraft = diffAddendum(addendumStart(pendingBase), draft).content
  const [pendingTender] = await trx('tenders').insert(
    tender('PR-ES-0009', 'ES2 roof waterproofing', 860_000, pendingBase, {
      version: 1,
      addendumStatus: 'DRAFT',
      addendumDraft: JSON.stringify({ ...pendingDraft, documents: [] })
    }),
    ['id']
  )

  // PR-ES-0010: issued, no addendum.
  const [plainTender] = await trx('tenders').insert(tender('PR-ES-0010', 'ES3 loading bay shutters', 930_000, base(closingIn(now, 15)), {}), ['id'])

  for (const { id } of [amendedTender, pendingTender, plainTender]) {
    await trx('tender_vendors').insert([alpha, beta].map((companyId) => ({ tenderId: id, companyId, invitedAt: new Date(now.getTime() - 5 * DAY) })))
  }
  const content = (bidItemQtys: Record<string, number>, rates: Record<string, number>) => JSON.stringify({ tncInfo: { name: 'Demo signatory', position: 'Director' }, bidItemQtys, rates })
  const submitted = { status: 'SUBMITTED', termsAccepted: JSON.stringify(['terms-v1']), submittedAt: now, respondedOn: now, receiptDigest: 'demo-receipt' }
  await trx('bids').insert([
    // Re-invited by addendum 1: terms unticked, the quantity of the edited item i2 dropped.
    { region: 'HK', tenderId: amendedTender.id, companyId: alpha, status: 'INVITED', version: 1, content: content({ i1: 1 }, { i1: 9000, i2: 1200 }) },
    { region: 'HK', tenderId: amendedTender.id, companyId: beta, status: 'DRAFT', version: 1, content: content({ i1: 1, i2: 60 }, { i1: 8800, i2: 1250, i4: 300 }) },
    { region: 'HK', tenderId: pendingTender.id, companyId: alpha, version: 0, content: content({ i1: 1, i2: 40, i3: 30 }, { i1: 7000, i2: 1100, i3: 400 }), ...submitted },
    { region: 'HK', tenderId: pendingTender.id, companyId: beta, status: 'INVITED', version: 0 },
    { region: 'HK', tenderId: plainTender.id, companyId: alpha, version: 0, content: content({ i1: 1, i2: 45, i3: 30 }, { i1: 5000, i2: 1000, i3: 250 }), ...submitted },
    { region: 'HK', tenderId: plainTender.id, companyId: beta, status: 'INVITED', version: 0 }
  ])

  // The person in charge uploads the addendum's documents (read back through the revision).
  await grant(trx, 'Project Manager', [
    { resource: 'files', action: 'create', attribute: 'own' },
    { resource: 'files', action: 'read', attribute: 'own' }
  ])
}
