import type { Knex } from 'knex'
import { closingInstant, localDate } from '../services/tenders/closing-date.js'
import { addendumStart, diffAddendum, type AddendumContent } from '../services/tenders/addendum-diff.js'
import { termItemId } from '../services/tender-terms/tender-terms.shared.js'

/*
 * Test factories of the tenders module: records written straight into the database (no service,
 * no workflow), each call with numbers of its own, so a test builds what it needs beside the demo
 * data instead of reserving demo records. They lean on the demo's reference data only: the HK
 * region, the ES site, the PMD department, pm.hk, approver.hk and the companies Alpha and Beta.
 */

const DAY = 86_400_000
const HK = 'Asia/Hong_Kong'

/** Demo tenders close at 17:00 Hong Kong time: this many days from now (negative: passed). */
export const closingInDays = (days: number, now = new Date()) => closingInstant(localDate(new Date(now.getTime() + days * DAY), HK), '17:00', HK)

let made = 0
/**
 * A number no other call makes, in this process or another (parallel test workers): the time, the
 * process and a counter, of fixed length so that no number is the start of another (a link or a
 * search "PR-ES-1" would find "PR-ES-12" too).
 */
export function uniqueNumber(prefix: string) {
  const time = Date.now().toString(36).toUpperCase().padStart(9, '0')
  const pid = (process.pid % 1296).toString(36).toUpperCase().padStart(2, '0')
  const count = (made++ % 1296).toString(36).toUpperCase().padStart(2, '0')
  return `${prefix}-T${time}${pid}${count}`
}

export interface DemoParties {
  pm: number
  approver: number
  siteId: number
  departmentId: number
  alpha: number
  beta: number
}

/** The ids of the demo's people, site, department and vendor companies the factories use. */
export async function demoParties(db: Knex): Promise<DemoParties> {
  const user = (username: string) =>
    db('users')
      .where({ username })
      .first('id')
      .then((row: any) => row.id as number)
  const site = await db('sites').where({ region: 'HK', shortName: 'ES' }).first('id')
  const department = await db('departments').where({ region: 'HK', shortName: 'PMD' }).first('id')
  const [alpha, beta] = await db('companies').where({ region: 'HK' }).whereIn('name', ['Alpha Engineering Ltd', 'Beta Builders Ltd']).orderBy('name').pluck('id')
  return { pm: await user('pm.hk'), approver: await user('approver.hk'), siteId: site.id, departmentId: department.id, alpha, beta }
}

/** A purchase request of the ES site no tender uses yet: the create screen's starting point. */
export async function createPurchaseRequest(db: Knex, input: { number?: string; description?: string; amount?: number } = {}, parties?: DemoParties) {
  const { siteId, departmentId } = parties ?? (await demoParties(db))
  const number = input.number ?? uniqueNumber('PR-ES')
  await db('purchase_requests').insert({ region: 'HK', number, description: input.description ?? `Test works ${number}`, siteId, amount: input.amount ?? 800_000, currency: 'HKD', departmentId })
  return { number }
}

export interface LineItem {
  id: string
  itemNo: string
  itemDesc: string
  itemQty: number
  itemUnit: string
  rate?: number
  optional?: boolean
}
export interface LineItemGroup {
  id: string
  name: string
  lineItems: LineItem[]
}

export const defaultLineItems: LineItemGroup[] = [
  {
    id: 'g1',
    name: 'Main works',
    lineItems: [
      { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot', rate: 12_000 },
      { id: 'i2', itemNo: '1.2', itemDesc: 'Labour', itemQty: 30, itemUnit: 'Man Day', rate: 1_400 }
    ]
  }
]

export interface TenderInput {
  prNumber?: string
  description?: string
  /** Between 650,000 and 1,000,000 (exclusive) by default: the list filter tests keep their answers. */
  amount?: number
  status?: 'DRAFT' | 'WAPPR' | 'ISSUED' | 'READY' | 'REVIEW' | 'AWARDED' | 'CANCELLED'
  /** Days from now to the closing (17:00 Hong Kong); negative for a closing passed. */
  closingDays?: number
  lineItemGroups?: LineItemGroup[]
  /** Companies invited (ISSUED and later); Alpha and Beta by default. */
  vendors?: number[]
  termsVersion?: number | null
  /** Any other column, e.g. `general`, `addendumStatus`. */
  extra?: Record<string, unknown>
}

export interface CreatedTender {
  id: string
  prNumber: string
  closingAt: Date
}

/**
 * A tender of pm.hk with approver.hk on its own purchase request, in the state asked for, with
 * Alpha and Beta invited once issued (bids: `createBid`).
 */
export async function createTender(db: Knex, input: TenderInput = {}, parties?: DemoParties): Promise<CreatedTender> {
  const { pm, approver, siteId, departmentId, alpha, beta } = parties ?? (await demoParties(db))
  const status = input.status ?? 'ISSUED'
  const prNumber = input.prNumber ?? uniqueNumber('PR-ES')
  const description = input.description ?? `Test works ${prNumber}`
  const amount = input.amount ?? 800_000
  const draft = status === 'DRAFT'
  const beforeApproval = draft || status === 'WAPPR'
  const closingAt = closingInDays(input.closingDays ?? 16)
  await createPurchaseRequest(db, { number: prNumber, description, amount }, { pm, approver, siteId, departmentId, alpha, beta })
  const [{ id }] = await db('tenders').insert(
    {
      region: 'HK',
      prNumber,
      prDescription: description,
      amount,
      currency: 'HKD',
      tenderType: amount > 500_000 ? 'TENDER' : 'ITQ',
      status,
      managedBy: pm,
      approverId: draft ? null : approver,
      approvedBy: beforeApproval ? null : approver,
      siteId,
      departmentId,
      termsVersion: input.termsVersion !== undefined ? input.termsVersion : draft ? null : 2,
      issuedAt: beforeApproval ? null : new Date(Date.now() - 15 * DAY),
      closingAt,
      general: JSON.stringify({
        conditionsOfContracts: 'STANDARD',
        projectDescription: description,
        projectLocation: 'Exchange Square, Central',
        paymentTerms: '30 days after invoice',
        workingHours: 'Mon-Fri 09:00-18:00'
      }),
      scope: JSON.stringify({ generalDesc: 'Supply, install, test and commission.', generalSpec: 'To the building standards.' }),
      lineItemGroups: JSON.stringify(input.lineItemGroups ?? defaultLineItems),
      ...input.extra
    },
    ['id']
  )
  const vendors = input.vendors ?? (beforeApproval ? [] : [alpha, beta])
  if (vendors.length) await db('tender_vendors').insert(vendors.map((companyId) => ({ tenderId: id, companyId, invitedAt: new Date(Date.now() - 15 * DAY) })))
  return { id, prNumber, closingAt }
}

/** The current terms (version 2) of the HK/PMD library, as a submitted bid accepts them. */
export const currentTerms = () => [0, 1, 2, 3].map((n) => termItemId(2, n))

export interface BidInput {
  tenderId: string
  companyId: number
  status?: 'INVITED' | 'DRAFT' | 'SUBMITTED'
  /** Rates and quantities by line item id. */
  rates?: Record<string, number>
  quantities?: Record<string, number>
  termsAccepted?: string[]
  version?: number
  /** Any other part of the bid's content, e.g. `remarks` by line item id. */
  content?: Record<string, unknown>
}

/** A vendor's bid on a tender it is invited to: submitted ones carry a receipt and accepted terms. */
export async function createBid(db: Knex, input: BidInput): Promise<{ id: string }> {
  const status = input.status ?? 'INVITED'
  const submitted = status === 'SUBMITTED'
  const filled = status !== 'INVITED'
  const [{ id }] = await db('bids').insert(
    {
      region: 'HK',
      tenderId: input.tenderId,
      companyId: input.companyId,
      status,
      version: input.version ?? 0,
      content: JSON.stringify(
        filled
          ? {
              tncInfo: { name: 'Demo signatory', position: 'Director' },
              ...(input.quantities ? { bidItemQtys: input.quantities } : {}),
              rates: input.rates ?? {},
              ...input.content
            }
          : {}
      ),
      submittedAt: submitted ? new Date() : null,
      respondedOn: submitted ? new Date() : null,
      receiptDigest: submitted ? 'test-receipt' : null,
      termsAccepted: JSON.stringify(input.termsAccepted ?? (submitted ? currentTerms() : []))
    },
    ['id']
  )
  return { id }
}

export interface QueryInput {
  tenderId: string
  bidId: string
  companyId: number
  question?: string
  answer?: string | null
  status?: 'OPEN' | 'SUBMITTED'
  order?: number
  closingDays?: number
}

/** A query of the person in charge to one bidder, answered (SUBMITTED) by default. */
export async function createQuery(db: Knex, input: QueryInput): Promise<{ id: string }> {
  const [{ id }] = await db('tender_queries').insert(
    {
      region: 'HK',
      tenderId: input.tenderId,
      bidId: input.bidId,
      companyId: input.companyId,
      order: input.order ?? 1,
      status: input.status ?? 'SUBMITTED',
      question: input.question ?? 'Please confirm the programme.',
      answer: input.answer === undefined ? 'Confirmed.' : input.answer,
      closingAt: new Date(Date.now() + (input.closingDays ?? 1) * DAY)
    },
    ['id']
  )
  return { id }
}

/**
 * An ISSUED tender whose addendum 1 waits in DRAFT: the closing date moved two days later and the
 * first item's description edited (the addendum screens start from `addendumStart`).
 */
export async function createTenderWithDraftAddendum(db: Knex, input: TenderInput = {}, parties?: DemoParties): Promise<CreatedTender> {
  const tender = await createTender(db, { ...input, status: 'ISSUED' }, parties)
  const row = await db('tenders').where({ id: tender.id }).first()
  const issued: AddendumContent = {
    closingAt: row.closingAt,
    validityDays: row.validityDays ?? 180,
    general: row.general,
    scope: row.scope,
    lineItemGroups: row.lineItemGroups
  }
  const draft = structuredClone(issued)
  draft.closingAt = closingInDays((input.closingDays ?? 16) + 2).toISOString()
  draft.lineItemGroups[0].lineItems[0].itemDesc += ' incl. access scaffolding'
  const content = diffAddendum(addendumStart(issued), draft).content
  await db('tenders')
    .where({ id: tender.id })
    .update({ version: 1, addendumStatus: 'DRAFT', addendumDraft: JSON.stringify({ ...content, documents: [] }) })
  return tender
}

/**
 * A new account copied from a demo one (same type, password and portal), under its own name, in
 * the named security groups of each region: a person whose own tenders or invitations are only
 * those a test builds for it, so figures that count them are exact beside other tests' records.
 */
export async function createPersonLike(db: Knex, from: string, username: string, groups: Record<string, string[]>, extra: Record<string, unknown> = {}): Promise<number> {
  const { id: _id, username: _username, email: _email, ...source } = await db('users').where({ username: from }).first()
  const [user] = await db('users').insert({ ...source, username, email: `${username}@example.com`, ...extra }, ['id'])
  for (const [region, names] of Object.entries(groups)) {
    for (const name of names) {
      const group = await db('security_groups').where({ name }).first('id')
      await db('user_groups').insert({ userId: user.id, region, groupId: group.id })
    }
  }
  return user.id
}

/** A vendor company of the HK region no tender invites yet. */
export async function createVendorCompany(db: Knex, name = `Vendor ${uniqueNumber('C')}`): Promise<number> {
  const [company] = await db('companies').insert({ region: 'HK', name, type: 'V' }, ['id'])
  return company.id
}
