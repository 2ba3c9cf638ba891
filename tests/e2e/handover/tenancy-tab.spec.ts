import { expect, test } from '../fixtures'
import { openTab, signedIn } from '../helpers'
import { createHotb } from '../../../backend/src/modules/handover/seeds/factories'
import { createTenancy, dayFromToday, tenantCompany } from '../../../backend/src/modules/tenancies/module'

/*
 * The tenancy page's handovers and takebacks tab (the handover module's tab on `tenancies.view`,
 * as the tenant projects module adds its all projects tab): staff (admin) see the tenancy's records in
 * every state, and no other tenancy's, each opening the record's page; the tenant (tenant.acme) sees
 * its tenancy's records once scheduled, never a draft. Records by the factories.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

test('the tenancy page lists its handovers and takebacks in a tab after its projects; a row opens the record', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  const tenancy = await createTenancy(db, {
    companyId: await tenantCompany(db, unique('Tab Co')),
    tradeName: unique('Tab'),
    building: 'ES1',
    premises: [{ floor: '16/F', effectiveDate: dayFromToday(-60) }]
  })
  const other = await createTenancy(db, {
    companyId: await tenantCompany(db, unique('Tab other')),
    tradeName: unique('Other'),
    building: 'ES1',
    premises: [{ floor: '17/F', effectiveDate: dayFromToday(-60) }]
  })
  const names = { draft: unique('Tab handover'), takeback: unique('Tab takeback'), elsewhere: unique('Other handover') }
  const draft = await createHotb(db, { tenancyId: tenancy.id, premises: ['16/F'], status: 'DRAFT', managedBy: pm, name: names.draft })
  await createHotb(db, { tenancyId: tenancy.id, type: 'TAKEBACK', premises: ['16/F'], status: 'SCHEDULED', managedBy: pm, name: names.takeback })
  await createHotb(db, { tenancyId: other.id, premises: ['17/F'], status: 'DRAFT', managedBy: pm, name: names.elsewhere })

  const page = await signedIn(browser, 'admin')
  await page.goto(`/tenancies/view/${tenancy.id}`)
  // Right after the tenancy's projects.
  await expect(page.getByRole('tab', { name: 'Handovers and takebacks' })).toBeVisible()
  const order = await page.getByRole('tab').allTextContents()
  expect(order.indexOf('Handovers and takebacks')).toBe(order.indexOf('All projects') + 1)
  await openTab(page, 'Handovers and takebacks')
  const list = page.getByTestId('tenancy-hotb')
  await expect(list.getByTestId('hotb-link')).toHaveCount(2)
  await expect(list).toContainText(names.takeback)
  await expect(list).toContainText('Draft')
  await expect(list).not.toContainText(names.elsewhere)
  await list.getByTestId('hotb-link').filter({ hasText: names.draft }).click()
  await expect(page).toHaveURL(new RegExp(`/handover-takeback/${draft.id}$`))
  await expect(page.getByTestId('hotb-title')).toHaveText(names.draft)
})

test('the tenant sees its tenancy’s scheduled handovers in the tab, not its drafts', async ({ browser, db }) => {
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  const tenancyId = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId as number
  const names = { draft: unique('Tenant tab draft'), scheduled: unique('Tenant tab scheduled') }
  await createHotb(db, { tenancyId, premises: ['22/F'], status: 'DRAFT', managedBy: pm, name: names.draft })
  const scheduled = await createHotb(db, { tenancyId, premises: ['22/F'], status: 'SCHEDULED', managedBy: pm, name: names.scheduled })

  const page = await signedIn(browser, 'tenant.acme')
  await page.goto(`/tenants/tenancies/${tenancyId}`)
  await openTab(page, 'Handovers and takebacks')
  const list = page.getByTestId('tenancy-hotb')
  await expect(list).toContainText(names.scheduled)
  await expect(list).not.toContainText(names.draft)
  await list.getByTestId('hotb-link').filter({ hasText: names.scheduled }).click()
  await expect(page).toHaveURL(new RegExp(`/tenants/handover-takeback/${scheduled.id}$`))
})
