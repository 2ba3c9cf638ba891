import type { Knex } from 'knex'
import { addendumStart, diffAddendum, type AddendumContent } from '../services/tenders/addendum-diff.js'
import { closingInstant, localDate } from '../services/tenders/closing-date.js'
import { termItemId } from '../services/tender-terms/tender-terms.shared.js'

const DAY = 86_400_000
const HK = 'Asia/Hong_Kong'
const closingIn = (now: Date, days: number) => closingInstant(localDate(new Date(now.getTime() + days * DAY), HK), '17:00', HK)

/** The demo tenders of the states no other demo shows (PRODUCT.md "records in every state of every workflow"). */
export const STATES_PR = {
  /** APPR: approved by approver.hk, waiting to be issued. */
  approved: 'PR-ES-0501',
  /** REJECTED: sent back by approver.hk with a reason. */
  rejected: 'PR-ES-0502',
  /** REGRETTED: both bids regretted after review; Alpha let a query lapse (NO_RESPONSE), a query to Beta stayed a draft. */
  regretted: 'PR-ES-0503',
  /** DECLINED: both invited vendors declined. */
  declined: 'PR-ES-0504',
  /** ISSUED with addendum 1 waiting for approval; Alpha's bid reopened by staff (REOPEN). */
  addendumWaiting: 'PR-ES-0505',
  /** ISSUED with addendum 1 approved, not yet issued. */
  addendumApproved: 'PR-ES-0506',
  /** ISSUED with addendum 1 rejected. */
  addendumRejected: 'PR-ES-0507'
} as const

/**
 * Tenders, addenda, bids and queries in the states the other demo tenders leave out, all of
 * pm.hk with approver.hk as approver. Amounts lie between 650,000 and 1,000,000 (exclusive) and
 * closing days differ from the other demo tenders' (the list filter and order tests keep their answers).
 */
export async function seedStateTenders(trx: Knex, now = new Date()) {
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
    { number: STATES_PR.approved, description: 'ES1 lift car interior upgrade', amount: 805_000, status: 'APPR', closingDays: 24 },
    { number: STATES_PR.rejected, description: 'ES2 car park ventilation fans', amount: 815_000, status: 'REJECTED', closingDays: 26 },
    { number: STATES_PR.regretted, description: 'ES3 podium paving repairs', amount: 825_000, status: 'REGRETTED', closingDays: -8 },
    { number: STATES_PR.declined, description: 'ES1 curtain wall joint renewal', amount: 835_000, status: 'DECLINED', closingDays: -12 },
    { number: STATES_PR.addendumWaiting, description: 'ES2 security turnstiles', amount: 845_000, status: 'ISSUED', closingDays: 27, addendum: 'WAPPR' },
    { number: STATES_PR.addendumApproved, description: 'ES3 emergency generator service', amount: 855_000, status: 'ISSUED', closingDays: 28, addendum: 'APPR' },
    { number: STATES_PR.addendumRejected, description: 'ES1 washroom ventilation', amount: 865_000, status: 'ISSUED', closingDays: 29, addendum: 'REJECTED' }
  ] as const
  await trx('purchase_requests').insert(
    items.map((item) => ({ region: 'HK', number: item.number, description: item.description, siteId: site.id, amount: item.amount, currency: 'HKD', departmentId: department.id }))
  )
  const content = (description: string, closingAt: Date): AddendumContent => ({
    closingAt: closingAt.toISOString(),
    validityDays: 180,
    general: { projectDescription: description, projectLocation: 'Exchange Square, Central', paymentTerms: '30 days after invoice', workingHours: 'Mon-Fri 09:00-18:00' },
    scope: { generalDesc: 'Supply, install, test and commission.', generalSpec: 'To the building standards.' },
    lineItemGroups: [
      {
        id: 'g1',
        name: 'Main works',
        lineItems: [
          { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot' },
          { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 30, itemUnit: 'Man Day' }
        ]
      }
    ]
  })
  const decided = ['REGRETTED', 'DECLINED']
  const issued = (status: string) => status === 'ISSUED' || decided.includes(status)
  const tenders: Array<{ id: string; prNumber: string }> = await trx('tenders').insert(
    items.map((item) => {
      const closingAt = closingIn(now, item.closingDays)
      const issuedContent = content(item.description, closingAt)
      const addendum = 'addendum' in item ? item.addendum : null
      // The pending addendum adds a night-shift item and moves the closing date a week on.
      const draft = structuredClone(issuedContent)
      draft.closingAt = closingIn(now, item.closingDays + 7).toISOString()
      draft.lineItemGroups[0].lineItems.push({ id: 'i3', itemNo: '1.3', itemDesc: 'Night shift supervision', itemQty: 8, itemUnit: 'Man Hour' })
      return {
        region: 'HK',
        prNumber: item.number,
        prDescription: item.description,
        amount: item.amount,
        currency: 'HKD',
        tenderType: 'TENDER',
        status: item.status,
        managedBy: pm,
        approverId: approver,
        approvedBy: item.status === 'REJECTED' ? null : approver,
        rejectReason: item.status === 'REJECTED' || addendum === 'REJECTED' ? 'Please add the access equipment to the scope and resubmit.' : null,
        siteId: site.id,
        departmentId: department.id,
        termsVersion: 2,
        issuedAt: issued(item.status) ? new Date(now.getTime() - 20 * DAY) : null,
        closingAt,
        validityDays: 180,
        general: JSON.stringify({ conditionsOfContracts: 'STANDARD', ...issuedContent.general }),
        scope: JSON.stringify(issuedContent.scope),
        lineItemGroups: JSON.stringify(issuedContent.lineItemGroups),
        ...(addendum ? { version: 1, addendumStatus: addendum, addendumDraft: JSON.stringify({ ...diffAddendum(addendumStart(issuedContent), draft).content, documents: [] }) } : {})
      }
    }),
    ['id', 'prNumber']
  )
  const tenderOf = (number: string) => tenders.find((row) => row.prNumber === number)!.id
  const invitedTo = items.filter((item) => issued(item.status)).map((item) => tenderOf(item.number))
  for (const tenderId of invitedTo) await trx('tender_vendors').insert([alpha, beta].map((companyId) => ({ tenderId, companyId, invitedAt: new Date(now.getTime() - 20 * DAY) })))

  const terms = JSON.stringify([0, 1, 2, 3].map((n) => termItemId(2, n)))
  const priced = (rate: number) => JSON.stringify({ tncInfo: { name: 'Demo signatory', position: 'Director' }, bidItemQtys: { i1: 1, i2: 30 }, rates: { i1: rate * 10, i2: rate } })
  const answered = new Date(now.getTime() - 14 * DAY)
  const bid = (tenderId: string, companyId: number, status: 'SUBMITTED' | 'REOPEN' | 'DECLINED' | 'INVITED', rate = 0) => ({
    region: 'HK',
    tenderId,
    companyId,
    status,
    version: 0,
    content: ['SUBMITTED', 'REOPEN'].includes(status) ? priced(rate) : JSON.stringify({}),
    submittedAt: ['SUBMITTED', 'REOPEN'].includes(status) ? answered : null,
    respondedOn: status === 'INVITED' ? null : answered,
    receiptDigest: ['SUBMITTED', 'REOPEN'].includes(status) ? 'demo-receipt' : null,
    termsAccepted: ['SUBMITTED', 'REOPEN'].includes(status) ? terms : JSON.stringify([]),
    ...(status === 'DECLINED' ? { declineReason: 'Fully booked for the works period.' } : {})
  })
  const bids: Array<{ id: string; tenderId: string; companyId: number }> = await trx('bids').insert(
    [
      bid(tenderOf(STATES_PR.regretted), alpha, 'SUBMITTED', 1_700),
      bid(tenderOf(STATES_PR.regretted), beta, 'SUBMITTED', 1_750),
      bid(tenderOf(STATES_PR.declined), alpha, 'DECLINED'),
      bid(tenderOf(STATES_PR.declined), beta, 'DECLINED'),
      bid(tenderOf(STATES_PR.addendumWaiting), alpha, 'REOPEN', 1_300),
      bid(tenderOf(STATES_PR.addendumWaiting), beta, 'INVITED'),
      bid(tenderOf(STATES_PR.addendumApproved), alpha, 'INVITED'),
      bid(tenderOf(STATES_PR.addendumApproved), beta, 'INVITED'),
      bid(tenderOf(STATES_PR.addendumRejected), alpha, 'INVITED'),
      bid(tenderOf(STATES_PR.addendumRejected), beta, 'INVITED')
    ],
    ['id', 'tenderId', 'companyId']
  )
  const regrettedBid = (companyId: number) => bids.find((row) => row.tenderId === tenderOf(STATES_PR.regretted) && row.companyId === companyId)!
  const query = (companyId: number, status: 'NO_RESPONSE' | 'DRAFT', question: string, closingDays: number) => ({
    region: 'HK',
    tenderId: tenderOf(STATES_PR.regretted),
    bidId: regrettedBid(companyId).id,
    companyId,
    order: 1,
    status,
    question,
    answer: null,
    closingAt: new Date(now.getTime() + closingDays * DAY)
  })
  await trx('tender_queries').insert([
    query(alpha, 'NO_RESPONSE', 'Please confirm the paving stone supplier and its lead time.', -4),
    query(beta, 'DRAFT', 'Please confirm whether the rate includes night work.', 3)
  ])
}
