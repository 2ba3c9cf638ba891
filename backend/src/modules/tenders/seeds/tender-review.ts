import type { Knex } from 'knex'

const DAY = 86_400_000

/** A READY tender to review (tenders-review.test.ts; the browser spec builds its own). */
export const REVIEW_JOURNEY_PR = 'PR-ES-0301'

/**
 * Demo data of the review screens: a READY tender whose closing has passed, with SUBMITTED bids
 * from Alpha and Beta and an optional item (the review journey opens, queries, compares and
 * awards it), and accounting.hk as tender representative of the REVIEW demo tender, with the
 * "review as tender representative" permission in the Accounting group.
 */
export async function seedReviewTenders(trx: Knex, now = new Date()) {
  const user = (username: string) =>
    trx('users')
      .where({ username })
      .first('id')
      .then((row: any) => row?.id as number | undefined)
  const pm = await user('pm.hk')
  const approver = await user('approver.hk')
  const accounting = await user('accounting.hk')
  const site = await trx('sites').where({ region: 'HK', shortName: 'ES' }).first('id')
  const department = await trx('departments').where({ region: 'HK', shortName: 'PMD' }).first('id')
  const [alpha, beta] = await trx('companies').where({ region: 'HK' }).whereIn('name', ['Alpha Engineering Ltd', 'Beta Builders Ltd']).orderBy('name').pluck('id')
  if (!pm || !approver || !site || !department || !alpha || !beta) return

  await trx('purchase_requests').insert({
    region: 'HK',
    number: REVIEW_JOURNEY_PR,
    description: 'ES1 podium escalator modernisation',
    siteId: site.id,
    amount: 1_250_000,
    currency: 'HKD',
    departmentId: department.id
  })
  const groups = [
    {
      id: 'g1',
      name: 'Escalator works',
      lineItems: [
        { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries and permits', itemQty: 1, itemUnit: 'Lot' },
        { id: 'i2', itemNo: '1.2', itemDesc: 'Modernisation labour', itemQty: 40, itemUnit: 'Man Day' }
      ]
    },
    { id: 'g2', name: 'Options', lineItems: [{ id: 'i3', itemNo: '2.1', itemDesc: 'Night-shift surcharge', itemQty: 4, itemUnit: 'Man Day', optional: true }] }
  ]
  const [{ id: tenderId }] = await trx('tenders').insert(
    {
      region: 'HK',
      prNumber: REVIEW_JOURNEY_PR,
      prDescription: 'ES1 podium escalator modernisation',
      amount: 1_250_000,
      currency: 'HKD',
      tenderType: 'TENDER',
      status: 'READY',
      managedBy: pm,
      approverId: approver,
      approvedBy: approver,
      siteId: site.id,
      departmentId: department.id,
      closingAt: new Date(now.getTime() - DAY),
      issuedAt: new Date(now.getTime() - 12 * DAY),
      termsVersion: 1,
      general: JSON.stringify({ projectDescription: 'Modernise the two podium escalators.', projectLocation: 'ES1 podium', paymentTerms: '30 days after invoice' }),
      scope: JSON.stringify({ generalDesc: 'Supply, install, test and commission.' }),
      lineItemGroups: JSON.stringify(groups)
    },
    ['id']
  )
  await trx('tender_vendors').insert([alpha, beta].map((companyId) => ({ tenderId, companyId, invitedAt: new Date(now.getTime() - 12 * DAY) })))
  const submitted = new Date(now.getTime() - 2 * DAY)
  // Both submitted bids accepted the two terms of version 1; Alpha remarks on its permits line.
  const bid = (companyId: number, rates: Record<string, number>, remarks?: Record<string, string>) => ({
    region: 'HK',
    tenderId,
    companyId,
    status: 'SUBMITTED',
    submittedAt: submitted,
    respondedOn: submitted,
    receiptDigest: 'demo-receipt',
    termsAccepted: JSON.stringify(['1.1', '1.2']),
    content: JSON.stringify({ tncInfo: { name: 'Demo signatory', position: 'Director' }, rates, ...(remarks ? { remarks } : {}) })
  })
  // Alpha is lowest overall (HKD 97,000 against 98,000); Beta is lowest on 1.1 and the option.
  await trx('bids').insert([bid(alpha, { i1: 25_000, i2: 1_800, i3: 500 }, { i1: 'EMSD permit fees excluded' }), bid(beta, { i1: 22_000, i2: 1_900, i3: 450 })])

  // accounting.hk reviews the REVIEW demo tender as its representative.
  const review = await trx('tenders').where({ region: 'HK', status: 'REVIEW' }).orderBy('prNumber').first('id')
  if (accounting && review) {
    await trx('tender_accounts').insert({ tenderId: review.id, userId: accounting, invitedAt: now, invitedBy: pm })
    const group = await trx('security_groups').where({ name: 'Accounting' }).first('id', 'permissions')
    const permissions: any[] = typeof group.permissions === 'string' ? JSON.parse(group.permissions) : group.permissions
    if (!permissions.some((p) => p.resource === 'tenders' && p.action === 'review')) {
      await trx('security_groups')
        .where({ id: group.id })
        .update({ permissions: JSON.stringify([...permissions, { resource: 'tenders', action: 'review', attribute: 'any' }]) })
    }
  }
}
