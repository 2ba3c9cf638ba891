import type { Knex } from 'knex'
import { closingInstant, localDate } from '../services/tenders/closing-date.js'
import { grant } from './grant.js'
import { seedAddenda } from './addenda.js'
import { seedReviewTenders } from './tender-review.js'
import { seedActionTenders } from './tender-actions.js'
import { seedStateTenders } from './tender-states.js'
import { termItemId } from '../services/tender-terms/tender-terms.shared.js'

const DAY = 86_400_000
const HK = 'Asia/Hong_Kong'

/**
 * Demo tenders of PRODUCT.md: purchase requests of the ES site, and a tender in each state,
 * managed by pm.hk with approver.hk as approver; ISSUED and later tenders invite Alpha and Beta.
 * Free PRs stay for the create screen: PR-ES-1001 (a Tender), PR-ES-1002 (an ITQ). PR-ES-0011 is
 * an ISSUED tender inviting Alpha alone (nothing ticked yet). The terms library of HK/PMD has an old version 1
 * and the current version 2, which the issued demo tenders carry.
 */
export async function seedTenders(trx: Knex, now = new Date()) {
  const user = (username: string) =>
    trx('users')
      .where({ username })
      .first('id')
      .then((row: any) => row.id as number)
  const pm = await user('pm.hk')
  const approver = await user('approver.hk')
  const site = await trx('sites').where({ region: 'HK', shortName: 'ES' }).first('id')
  const department = await trx('departments').where({ region: 'HK', shortName: 'PMD' }).first('id')
  const companies = await trx('companies').where({ region: 'HK' }).whereIn('name', ['Alpha Engineering Ltd', 'Beta Builders Ltd']).orderBy('name').pluck('id')
  const [alpha, beta] = companies
  const pr = (number: string, description: string, amount: number | null, siteId: number | null = site.id) => ({
    region: 'HK',
    number,
    description,
    siteId,
    amount,
    currency: 'HKD',
    departmentId: siteId ? department.id : null
  })
  await trx('purchase_requests').insert([
    pr('PR-ES-0001', 'ES1 lift lobby refurbishment', 1_800_000),
    pr('PR-ES-0002', 'ES2 chiller replacement', 3_200_000),
    pr('PR-ES-0003', 'ES3 car park lighting upgrade', 650_000),
    pr('PR-ES-0004', 'ES1 toilet renovation, 20-25/F', 420_000),
    pr('PR-ES-0005', 'ES2 facade cleaning gondola service', 900_000),
    pr('PR-ES-0006', 'ES podium landscaping', 1_100_000),
    pr('PR-ES-0007', 'ES3 fire alarm panel upgrade', 750_000),
    pr('PR-ES-1001', 'ES1 main lobby lighting (free for a new tender)', 820_000),
    pr('PR-ES-1002', 'ES2 signage repairs (free for a new ITQ)', 180_000),
    pr('PR-ES-0011', 'ES2 water tank cleaning', 880_000),
    pr('PR-ES-9001', 'PR without a site (demo of the site check)', 300_000, null),
    pr('PR-ES-9002', 'PR without an amount (demo of the threshold check)', null)
  ])
  const currentTermIds = await seedTerms(trx, department.id)
  const general = {
    conditionsOfContracts: 'STANDARD',
    projectDescription: 'Works as described in the scope.',
    projectLocation: 'Exchange Square, Central',
    paymentTerms: '30 days after invoice',
    workingHours: 'Mon-Fri 09:00-18:00'
  }
  const scope = { generalDesc: 'Supply, install, test and commission.', generalSpec: 'To the building standards.' }
  const groups = [
    {
      id: 'g1',
      name: 'Main works',
      lineItems: [
        { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot', rate: 15_000 },
        { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 40, itemUnit: 'Man Day', rate: 1_500 }
      ]
    }
  ]
  const tender = (prNumber: string, description: string, amount: number, status: string, closingOffsetDays: number, extra: Record<string, unknown> = {}) => ({
    region: 'HK',
    prNumber,
    prDescription: description,
    amount,
    currency: 'HKD',
    tenderType: amount > 500_000 ? 'TENDER' : 'ITQ',
    status,
    managedBy: pm,
    approverId: status === 'DRAFT' ? null : approver,
    siteId: site.id,
    departmentId: department.id,
    closingAt: closingInstant(localDate(new Date(now.getTime() + closingOffsetDays * DAY), HK), '17:00', HK),
    general: JSON.stringify(general),
    scope: JSON.stringify(scope),
    lineItemGroups: JSON.stringify(groups),
    termsVersion: ['DRAFT', 'CANCELLED'].includes(status) ? null : 2,
    ...extra
  })
  const rows = await trx('tenders').insert(
    [
      tender('PR-ES-0001', 'ES1 lift lobby refurbishment', 1_800_000, 'DRAFT', 14),
      tender('PR-ES-0002', 'ES2 chiller replacement', 3_200_000, 'WAPPR', 21),
      tender('PR-ES-0003', 'ES3 car park lighting upgrade', 650_000, 'ISSUED', 10, { approvedBy: approver, issuedAt: new Date(now.getTime() - 3 * DAY) }),
      tender('PR-ES-0004', 'ES1 toilet renovation, 20-25/F', 420_000, 'READY', -1, { approvedBy: approver, issuedAt: new Date(now.getTime() - 10 * DAY) }),
      tender('PR-ES-0005', 'ES2 facade cleaning gondola service', 900_000, 'REVIEW', -5, { approvedBy: approver, issuedAt: new Date(now.getTime() - 20 * DAY) }),
      tender('PR-ES-0006', 'ES podium landscaping', 1_100_000, 'AWARDED', -30, { approvedBy: approver, issuedAt: new Date(now.getTime() - 50 * DAY), awardedAt: new Date(now.getTime() - 20 * DAY) }),
      tender('PR-ES-0007', 'ES3 fire alarm panel upgrade', 750_000, 'CANCELLED', 7)
    ],
    ['id', 'prNumber', 'status']
  )
  // An issued tender inviting Alpha alone, its bid untouched (service tests: spec-calls, write-races).
  const [own] = await trx('tenders').insert(tender('PR-ES-0011', 'ES2 water tank cleaning', 880_000, 'ISSUED', 11, { approvedBy: approver, issuedAt: new Date(now.getTime() - DAY) }), ['id'])
  await trx('tender_vendors').insert({ tenderId: own.id, companyId: alpha, invitedAt: now })
  await trx('bids').insert({ region: 'HK', tenderId: own.id, companyId: alpha, status: 'INVITED', content: JSON.stringify({}) })
  const issued = rows.filter((row: any) => ['ISSUED', 'READY', 'REVIEW', 'AWARDED'].includes(row.status))
  for (const row of issued) {
    await trx('tender_vendors').insert([alpha, beta].map((companyId) => ({ tenderId: row.id, companyId, invitedAt: now })))
  }
  const priced = (rate: number) => JSON.stringify({ tncInfo: { name: 'Demo signatory', position: 'Director' }, bidItemQtys: { i1: 1, i2: 40 }, rates: { i1: rate * 10, i2: rate } })
  const bid = (tenderId: string, companyId: number, status: string, rate: number | null) => ({
    region: 'HK',
    tenderId,
    companyId,
    status,
    content: rate == null ? JSON.stringify({}) : priced(rate),
    submittedAt: status === 'SUBMITTED' ? now : null,
    respondedOn: ['SUBMITTED', 'DECLINED'].includes(status) ? now : null,
    receiptDigest: status === 'SUBMITTED' ? 'demo-receipt' : null,
    // A submitted bid accepted every term of the version its tender carries (2).
    termsAccepted: JSON.stringify(status === 'SUBMITTED' ? currentTermIds : [])
  })
  const byStatus = (status: string) => rows.find((row: any) => row.status === status).id
  const bidRows = await trx('bids').insert(
    [
      bid(byStatus('ISSUED'), alpha, 'SUBMITTED', 1500),
      bid(byStatus('ISSUED'), beta, 'DRAFT', 1400),
      bid(byStatus('READY'), alpha, 'SUBMITTED', 900),
      bid(byStatus('READY'), beta, 'DECLINED', null),
      bid(byStatus('REVIEW'), alpha, 'SUBMITTED', 2000),
      bid(byStatus('REVIEW'), beta, 'SUBMITTED', 2100),
      bid(byStatus('AWARDED'), alpha, 'SUBMITTED', 1800),
      bid(byStatus('AWARDED'), beta, 'SUBMITTED', 1900)
    ],
    ['id', 'tenderId', 'companyId']
  )
  const bidOf = (status: string, companyId: number) => bidRows.find((row: any) => row.tenderId === byStatus(status) && row.companyId === companyId)

  // The review screens: Alpha has an open query (its bid waits in QUERY), Beta answered one.
  const review = byStatus('REVIEW')
  const query = (companyId: number, status: string, question: string, answer: string | null, closingOffsetDays: number) => ({
    region: 'HK',
    tenderId: review,
    bidId: bidOf('REVIEW', companyId).id,
    companyId,
    order: 1,
    status,
    question,
    answer,
    closingAt: new Date(now.getTime() + closingOffsetDays * DAY)
  })
  await trx('tender_queries').insert([
    query(alpha, 'ISSUED', 'Please confirm the gondola certification is included in item 1.1.', null, 3),
    query(beta, 'SUBMITTED', 'Please confirm the number of cleaning cycles per year.', 'Four cycles per year are included in the rate.', 2)
  ])
  await trx('bids')
    .where({ id: bidOf('REVIEW', alpha).id })
    .update({ status: 'QUERY' })
  // The awarded tender: Alpha recommended with the analysis, award recorded (awardedAt above).
  await trx('tenders')
    .where({ id: byStatus('AWARDED') })
    .update({
      recommendedBidId: bidOf('AWARDED', alpha).id,
      analysis: 'Alpha Engineering offered the lowest compliant price with full scope; recommended for award.'
    })

  // The tender workflow's grants the demo groups need: the person in charge awards, regrets
  // and queries (queries ride on tenders:update); the vendor reads and answers its queries.
  await grant(trx, 'Project Manager', [
    { resource: 'tenders', action: 'award', attribute: 'own' },
    { resource: 'tenders', action: 'regretAll', attribute: 'own' }
  ])
  await grant(trx, 'Vendor Admin', [
    { resource: 'queries', action: 'read', attribute: 'own' },
    { resource: 'queries', action: 'answer', attribute: 'own' }
  ])

  // Addenda: one issued, one pending, and a tender of the browser test's own (seeds/addenda.ts).
  await seedAddenda(trx, { now, pm, approver, siteId: site.id, departmentId: department.id, alpha, beta })
  await seedReviewTenders(trx, now)
  // The workflow actions browser test's own tenders (seeds/tender-actions.ts).
  await seedActionTenders(trx, now)
  // The states no other demo shows: APPR, REJECTED, REGRETTED, DECLINED, pending addenda (seeds/tender-states.ts).
  await seedStateTenders(trx, now)
}

/** The terms of HK's Property Management department: an old version 1 and the current version 2, as entered (English, some Chinese). */
async function seedTerms(trx: Knex, departmentId: number): Promise<string[]> {
  const versions = [
    [
      { title: 'Validity of offer', text: 'The offer remains valid for 90 days after the closing date.' },
      { title: 'Insurance', text: 'The contractor holds employees’ compensation and third-party insurance for the works.' }
    ],
    [
      { title: 'Validity of offer', text: 'The offer remains valid for 180 days after the closing date.' },
      { title: 'Insurance', text: 'The contractor holds employees’ compensation and third-party liability insurance of at least HKD 10,000,000 per event.' },
      { title: 'Site safety 工地安全', text: 'All workers hold a valid construction industry safety card. 所有工人均持有效的建造业安全训练证明书。' },
      { title: 'Confidentiality', text: 'Tender documents and prices are kept confidential and used only for this tender.' }
    ]
  ]
  await trx('tender_terms').insert(
    versions.map((items, index) => ({
      region: 'HK',
      departmentId,
      version: index + 1,
      items: JSON.stringify(items.map((item, n) => ({ id: termItemId(index + 1, n), ...item })))
    }))
  )
  return versions[versions.length - 1].map((_, n) => termItemId(versions.length, n))
}
