import type { Knex } from 'knex'
import { closingInstant, localDate } from '../services/tenders/closing-date.js'
import { termItemId } from '../services/tender-terms/tender-terms.shared.js'

const DAY = 86_400_000
const HK = 'Asia/Hong_Kong'

/** Demo tenders of the workflow actions (the browser spec builds its own; tenders-workflow.test.ts hands PR-ES-0404 over). */
export const ACTIONS_PR = {
  /** ISSUED, closing in 16 days: Alpha SUBMITTED (reopened, then the closing date extended), Beta INVITED (a no-show, mailed on the extension). */
  issued: 'PR-ES-0401',
  /** REVIEW: Alpha and Beta SUBMITTED, Beta answered a query (its PDF downloads); regretted. */
  review: 'PR-ES-0402',
  /** DRAFT: cancelled. */
  draft: 'PR-ES-0403',
  /** ISSUED: handed to another person in charge. */
  handOver: 'PR-ES-0404'
} as const

/**
 * Demo data of the workflow actions no other screen test drives: extend, reopen a bid, change the
 * person in charge, cancel, regret all, the query PDF. Amounts lie between 650,000 and 1,000,000
 * (exclusive) so the amount filter tests keep their answers. Project managers may hand their own
 * tenders over (`tenders:changeManager:own`). Closing days differ from the other demo tenders'
 * (the vendor list test orders by closing date).
 */
export async function seedActionTenders(trx: Knex, now = new Date()) {
  const user = (username: string) =>
    trx('users')
      .where({ username })
      .first('id')
      .then((row: any) => row?.id as number | undefined)
  const pm = await user('pm.hk')
  const approver = await user('approver.hk')
  const site = await trx('sites').where({ region: 'HK', shortName: 'ES' }).first('id')
  const department = await trx('departments').where({ region: 'HK', shortName: 'PMD' }).first('id')
  const [alpha, beta] = await trx('companies').where({ region: 'HK' }).whereIn('name', ['Alpha Engineering Ltd', 'Beta Builders Ltd']).orderBy('name').pluck('id')
  if (!pm || !approver || !site || !department || !alpha || !beta) return

  const items = [
    { number: ACTIONS_PR.issued, description: 'ES1 lobby CCTV upgrade', amount: 700_000, status: 'ISSUED', closingDays: 16 },
    { number: ACTIONS_PR.review, description: 'ES2 plant room repainting', amount: 720_000, status: 'REVIEW', closingDays: -3 },
    { number: ACTIONS_PR.draft, description: 'ES3 loading bay resurfacing', amount: 740_000, status: 'DRAFT', closingDays: 17 },
    { number: ACTIONS_PR.handOver, description: 'ES1 pump room ventilation', amount: 760_000, status: 'ISSUED', closingDays: 19 }
  ]
  await trx('purchase_requests').insert(
    items.map((item) => ({
      region: 'HK',
      number: item.number,
      description: item.description,
      siteId: site.id,
      amount: item.amount,
      currency: 'HKD',
      departmentId: department.id
    }))
  )
  const groups = [
    {
      id: 'g1',
      name: 'Main works',
      lineItems: [
        { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot', rate: 12_000 },
        { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 30, itemUnit: 'Man Day', rate: 1_400 }
      ]
    }
  ]
  const tenders: Array<{ id: string; prNumber: string }> = await trx('tenders').insert(
    items.map((item) => ({
      region: 'HK',
      prNumber: item.number,
      prDescription: item.description,
      amount: item.amount,
      currency: 'HKD',
      tenderType: 'TENDER',
      status: item.status,
      managedBy: pm,
      approverId: item.status === 'DRAFT' ? null : approver,
      approvedBy: item.status === 'DRAFT' ? null : approver,
      siteId: site.id,
      departmentId: department.id,
      termsVersion: item.status === 'DRAFT' ? null : 2,
      issuedAt: item.status === 'DRAFT' ? null : new Date(now.getTime() - 15 * DAY),
      closingAt: closingInstant(localDate(new Date(now.getTime() + item.closingDays * DAY), HK), '17:00', HK),
      general: JSON.stringify({
        conditionsOfContracts: 'STANDARD',
        projectDescription: item.description,
        projectLocation: 'Exchange Square, Central',
        paymentTerms: '30 days after invoice',
        workingHours: 'Mon-Fri 09:00-18:00'
      }),
      scope: JSON.stringify({ generalDesc: 'Supply, install, test and commission.', generalSpec: 'To the building standards.' }),
      lineItemGroups: JSON.stringify(groups)
    })),
    ['id', 'prNumber']
  )
  const tenderOf = (number: string) => tenders.find((row) => row.prNumber === number)!.id

  const currentTerms = [0, 1, 2, 3].map((n) => termItemId(2, n))
  const bid = (tenderId: string, companyId: number, status: 'SUBMITTED' | 'INVITED', rate = 0) => ({
    region: 'HK',
    tenderId,
    companyId,
    status,
    content: JSON.stringify(status === 'SUBMITTED' ? { tncInfo: { name: 'Demo signatory', position: 'Director' }, bidItemQtys: { i1: 1, i2: 30 }, rates: { i1: rate * 10, i2: rate } } : {}),
    submittedAt: status === 'SUBMITTED' ? now : null,
    respondedOn: status === 'SUBMITTED' ? now : null,
    receiptDigest: status === 'SUBMITTED' ? 'demo-receipt' : null,
    termsAccepted: JSON.stringify(status === 'SUBMITTED' ? currentTerms : [])
  })
  for (const number of [ACTIONS_PR.issued, ACTIONS_PR.review, ACTIONS_PR.handOver]) {
    await trx('tender_vendors').insert([alpha, beta].map((companyId) => ({ tenderId: tenderOf(number), companyId, invitedAt: new Date(now.getTime() - 15 * DAY) })))
  }
  const bids: Array<{ id: string; tenderId: string; companyId: number }> = await trx('bids').insert(
    [
      bid(tenderOf(ACTIONS_PR.issued), alpha, 'SUBMITTED', 1_450),
      bid(tenderOf(ACTIONS_PR.issued), beta, 'INVITED'),
      bid(tenderOf(ACTIONS_PR.review), alpha, 'SUBMITTED', 1_500),
      bid(tenderOf(ACTIONS_PR.review), beta, 'SUBMITTED', 1_550),
      bid(tenderOf(ACTIONS_PR.handOver), alpha, 'INVITED'),
      bid(tenderOf(ACTIONS_PR.handOver), beta, 'INVITED')
    ],
    ['id', 'tenderId', 'companyId']
  )

  // Beta answered a query on the REVIEW tender: the query tab offers its PDF.
  const betaReview = bids.find((row) => row.tenderId === tenderOf(ACTIONS_PR.review) && row.companyId === beta)!
  await trx('tender_queries').insert({
    region: 'HK',
    tenderId: betaReview.tenderId,
    bidId: betaReview.id,
    companyId: beta,
    order: 1,
    status: 'SUBMITTED',
    question: 'Please confirm the paint system for the plant room walls.',
    answer: 'Two coats of acrylic emulsion over one coat of sealer.',
    closingAt: new Date(now.getTime() + DAY)
  })

  const group = await trx('security_groups').where({ name: 'Project Manager' }).first('id', 'permissions')
  const permissions: any[] = typeof group.permissions === 'string' ? JSON.parse(group.permissions) : group.permissions
  if (!permissions.some((p) => p.resource === 'tenders' && p.action === 'changeManager')) {
    await trx('security_groups')
      .where({ id: group.id })
      .update({ permissions: JSON.stringify([...permissions, { resource: 'tenders', action: 'changeManager', attribute: 'own' }]) })
  }
}
