import { expect, test } from '../fixtures'
import { shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createLease, createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'

/*
 * One lease's screen: staff open it from a tenancy's lease information tab and see its fields, the
 * tenancy it is linked to (a link back) and the other leases of its tenant number with theirs.
 * Built on a tenancy and leases of its own.
 */

test('staff open a lease from the lease information tab and follow its tenancy links', async ({ browser, db }) => {
  const companyName = uniqueName('Lease Screen Co')
  const tenancy = await createTenancy(db, { companyId: await tenantCompany(db, companyName), tradeName: uniqueName('Lease Shop'), building: 'ES1' })
  const tenantNo = `TN-${Date.now().toString(36).toUpperCase()}`
  const linked = await createLease(db, { leaseType: 'LO', tenantNo, tenancyId: tenancy.id, premises: '12/F Units 1-3', leaseStart: '2026-01-01', leaseEnd: '2028-12-31' })
  const unlinked = await createLease(db, { leaseType: 'LP', tenantNo, premises: 'Car park B2' })

  const page = await signedIn(browser, 'admin')
  await page.goto(`/tenancies/view/${tenancy.id}`)
  await page.getByRole('tab', { name: 'Lease information' }).click()
  await page.getByTestId('linked-leases').getByRole('link', { name: linked.number }).click()
  await expect(page).toHaveURL(new RegExp(`/leases/view/${linked.id}$`))
  const lease = page.getByTestId('lease-show')
  await expect(lease).toContainText(tenantNo)
  await expect(lease).toContainText('12/F Units 1-3')
  await expect(lease).toContainText('LO · ')
  const siblings = page.getByTestId('lease-siblings')
  await expect(siblings.getByRole('link', { name: unlinked.number })).toBeVisible()
  await expect(siblings).toContainText('Not linked to a tenancy')
  await expect(page.getByTestId('lease-tenancy').getByRole('link')).toContainText(companyName)
  await settled(page)
  expect(await violations(page, 'lease screen')).toEqual([])
  await shotsInBothLanguages(page, 'lease-show')

  await page.getByTestId('lease-tenancy').getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/tenancies/view/${tenancy.id}$`))

  const phone = await signedIn(browser, 'admin', { width: 390, height: 844 })
  await phone.goto(`/leases/view/${linked.id}`)
  await expect(phone.getByTestId('lease-show')).toBeVisible()
  await phone.screenshot({ path: '/tmp/shots/lease-show-390.png', fullPage: true })
  await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('staff without lease rights are not shown a lease', async ({ browser, db }) => {
  const lease = await createLease(db, { leaseType: 'TO' })
  const page = await signedIn(browser, 'pm.hk')
  await page.goto(`/leases/view/${lease.id}`)
  await expect(page.getByText(lease.number)).toHaveCount(0)
  await expect(page.getByTestId('lease-show')).toHaveCount(0)
})
