import { expect, test, type Page } from '../fixtures'
import { modalOk, openTab, optionListClosed, popconfirmOk, shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createHandoverTemplate, createHotb, createHotbItems, createHotbKeys } from '../../../backend/src/modules/handover/seeds/factories'
import { createHotbDocument } from '../../../backend/src/modules/handover/seeds/document-factories'

/*
 * Handovers and takebacks as their users meet them (PRODUCT.md "Handover/takeback"): pm.hk creates
 * a handover of ACME's premises, filled from its building's latest template, and submits it to
 * approver.hk; approver.hk approves it; pm.hk arranges the appointment, and tenant.acme, whose list
 * is open meanwhile, sees it appear without reloading (it never saw the draft). A takeback whose
 * key line is still open cannot complete (428, the open lines named) until the line is marked
 * returned. A stale edit keeps what was typed. Then every screen in both languages, at a phone's
 * width, without serious accessibility faults.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A day some days ahead on Hong Kong's clock, as the date pickers take it in English (04 Dec 2026). */
function pickerDay(days: number) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000))
    .split('-')
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`
}

/** Chooses a staff member in the open dialog's user select, searched by name. */
async function chooseStaff(page: Page, testId: string, name: string, option: RegExp) {
  const select = page.getByTestId(testId)
  await select.click()
  await page.keyboard.type(name)
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click()
  await expect(select.locator('.ant-select-selection-item')).toContainText(option)
  await optionListClosed(page)
}

/** ACME's tenancy (tenant.acme's), its building, and pm.hk's id. */
async function acmeOf(db: import('knex').Knex) {
  const tenancyId = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId as number
  const tenancy = await db('tenancies').where({ id: tenancyId }).first('id', 'companyName', 'tradeName', 'buildingId')
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  return { tenancy, pm }
}

test('pm.hk creates a handover from the template and submits it; approver.hk approves; pm.hk arranges it; tenant.acme sees it live', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const { tenancy } = await acmeOf(db)
  const templateItem = unique('Reception counter')
  await createHandoverTemplate(
    db,
    tenancy.buildingId,
    [
      { section: 'floor', item: 'Carpet tiles' },
      { section: 'otherItems', item: templateItem }
    ],
    [{ item: 'Main entrance door', keys: 2, accessCards: 4 }]
  )
  const name = unique('ACME 22/F handover')

  // The tenant's list is open from the start: the draft never shows there.
  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto('/tenants/handover-takeback')
  await expect(tenant.getByTestId('hotb-link').first()).toBeVisible()
  const tenantRow = tenant.getByTestId('hotb-link').filter({ hasText: name })
  await expect(tenantRow).toHaveCount(0)

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/hotb')
  await pm.getByTestId('hotb-create').click()
  await expect(pm).toHaveURL(/\/hotb\/create$/)
  // Saving with nothing chosen says what is missing.
  await pm.getByTestId('hotb-save').click()
  await expect(pm.getByText('Choose the tenancy.')).toBeVisible()
  await pm.getByTestId('hotb-tenancy').click()
  await pm.keyboard.type(tenancy.companyName)
  await pm
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: [tenancy.companyName, tenancy.tradeName].filter(Boolean).join(' · ') })
    .first()
    .click()
  await optionListClosed(pm)
  await pm.getByTestId('hotb-name').fill(name)
  await pm.getByTestId('hotb-save').click()
  await expect(pm).toHaveURL(/\/handover-takeback\/\d+$/)
  const id = Number(/\/handover-takeback\/(\d+)$/.exec(pm.url())![1])
  await expect(pm.getByTestId('hotb-title')).toHaveText(name)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Draft')
  // Filled from the building's latest template: its items and key lines.
  await openTab(pm, 'Schedule')
  await expect(pm.getByTestId('hotb-schedule').getByText(templateItem)).toBeVisible()
  await expect(pm.getByTestId('hotb-section-floor').getByText('Carpet tiles')).toBeVisible()
  // Its condition is recorded while it is a draft.
  await pm.getByTestId('hotb-section-floor').getByTestId('hotb-schedule-edit').click()
  await pm.getByTestId('hotb-schedule-condition-input').fill('Good')
  await pm.getByTestId('hotb-schedule-save').click()
  await expect(pm.getByTestId('hotb-section-floor').getByTestId('hotb-schedule-condition')).toHaveText('Good')
  await openTab(pm, 'Key handover')
  await expect(pm.getByTestId('hotb-keys').getByText('Main entrance door')).toBeVisible()

  // Submitted to a chosen approver; pm.hk may not approve it.
  await pm.getByTestId('hotb-submit').click()
  await modalOk(pm)
  await expect(pm.getByText('Choose the approver.')).toBeVisible()
  await chooseStaff(pm, 'hotb-approver', 'Alice', /approver\.hk/)
  await modalOk(pm)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Waiting for approval')
  await expect(pm.getByTestId('hotb-approve')).toHaveCount(0)
  await expect(pm.getByTestId('hotb-edit')).toHaveCount(0)

  const approver = await signedIn(browser, 'approver.hk')
  await approver.goto(`/handover-takeback/${id}`)
  await expect(approver.getByTestId('hotb-status')).toHaveText('Waiting for approval')
  await expect(approver.getByTestId('hotb-arrange')).toHaveCount(0)
  await approver.getByTestId('hotb-approve').click()
  await popconfirmOk(approver)
  await expect(approver.getByTestId('hotb-status')).toHaveText('Approved')
  // pm.hk's open page follows.
  await expect(pm.getByTestId('hotb-status')).toHaveText('Approved', { timeout: 20_000 })
  await expect(tenantRow).toHaveCount(0)

  // Arranged: the appointment's date and time, and the contacts notified.
  await pm.getByTestId('hotb-arrange').click()
  await modalOk(pm)
  await expect(pm.getByText('Choose the date of the appointment.')).toBeVisible()
  await pm.getByTestId('hotb-arrange-date').fill(pickerDay(7))
  await pm.getByTestId('hotb-arrange-date').press('Enter')
  await pm.getByTestId('hotb-arrange-time').click()
  await pm.getByTestId('hotb-arrange-time').fill('10:30')
  await pm.getByTestId('hotb-arrange-time').press('Enter')
  await pm.getByTestId('hotb-arrange-tenantContactName').fill('Ada Chan')
  await pm.getByTestId('hotb-arrange-tenantContactEmail').fill('not-an-address')
  await pm.getByTestId('hotb-arrange-tenantContactEmail').blur()
  await expect(pm.getByText('Enter a valid e-mail address.')).toBeVisible()
  await pm.getByTestId('hotb-arrange-tenantContactEmail').fill('ada.chan@acme.example')
  await modalOk(pm)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Scheduled')
  await openTab(pm, 'Information')
  await expect(pm.getByTestId('hotb-scheduled-at')).toContainText('10:30')

  // The tenant's list shows it now, without a reload; its page reads the schedule, with nothing to change.
  await expect(tenantRow).toHaveCount(1, { timeout: 20_000 })
  await tenantRow.click()
  await expect(tenant).toHaveURL(new RegExp(`/tenants/handover-takeback/${id}$`))
  await expect(tenant.getByTestId('hotb-title')).toHaveText(name)
  await expect(tenant.getByTestId('hotb-status')).toHaveText('Scheduled')
  await expect(tenant.getByTestId('hotb-scheduled-at')).toContainText('10:30')
  await expect(tenant.getByTestId('hotb-information')).toContainText('Ada Chan')
  await openTab(tenant, 'Schedule')
  await expect(tenant.getByTestId('hotb-schedule').getByText(templateItem)).toBeVisible()
  await expect(tenant.getByTestId('hotb-schedule-edit')).toHaveCount(0)
  await expect(tenant.getByTestId('hotb-submit')).toHaveCount(0)
})

test('a takeback with a key line open cannot complete (428, the line named) until the key is marked returned', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const { tenancy, pm: pmId } = await acmeOf(db)
  const name = unique('ACME 22/F takeback')
  const keyItem = unique('Store room door')
  const record = await createHotb(db, { tenancyId: tenancy.id, type: 'TAKEBACK', status: 'SCHEDULED', name, premises: ['22/F'], managedBy: pmId })
  await createHotbItems(db, record.id, [{ section: 'walls', item: 'Painted plaster walls', handoverCondition: 'Good' }])
  await createHotbKeys(db, record.id, [
    { item: 'Main entrance door', keys: 2, keysHandedOver: 2, outcome: 'RETURNED' },
    { item: keyItem, keys: 1, keysHandedOver: 1 }
  ])
  // The signed paper is on file: only the open key line holds the completion.
  await createHotbDocument(db, { hotbId: record.id, kind: 'SIGNED' })

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/handover-takeback/${record.id}`)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Scheduled')
  await pm.getByTestId('hotb-complete').click()
  await popconfirmOk(pm)
  // Refused: the key tab opens on the lines still open, the record stays scheduled.
  await expect(pm.getByTestId('hotb-open-keys')).toContainText(`${keyItem}: no outcome yet`)
  await expect(pm.getByTestId('hotb-open-keys')).not.toContainText('Main entrance door')
  await expect(pm.getByTestId('hotb-status')).toHaveText('Scheduled')

  const line = pm.getByTestId('hotb-keys').locator('tr', { hasText: keyItem })
  await line.getByTestId('hotb-key-settle').click()
  await pm.locator('.ant-modal:visible').getByText('Lost', { exact: true }).click()
  await pm.getByTestId('hotb-key-save').click()
  await expect(pm.getByText('Enter the charge for what was lost.')).toBeVisible()
  await pm.locator('.ant-modal:visible').getByText('Returned', { exact: true }).click()
  await pm.getByTestId('hotb-key-save').click()
  await expect(line.getByTestId('hotb-key-outcome')).toHaveText('Returned')
  await pm.getByTestId('hotb-complete').click()
  await popconfirmOk(pm)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Completed')
  await expect(pm.getByTestId('hotb-open-keys')).toHaveCount(0)
  await expect(pm.getByTestId('hotb-complete')).toHaveCount(0)
})

test('a record of more lines than a page holds shows them all: 130 schedule items and 120 key lines', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const { tenancy, pm: pmId } = await acmeOf(db)
  const record = await createHotb(db, { tenancyId: tenancy.id, type: 'HANDOVER', status: 'SCHEDULED', name: unique('ACME long schedule'), premises: ['22/F'], managedBy: pmId })
  const sections = ['ceilingLighting', 'floor', 'walls', 'entranceDoor', 'airConditioning'] as const
  await createHotbItems(
    db,
    record.id,
    Array.from({ length: 130 }, (_, n) => ({ section: sections[n % sections.length], item: `Line ${n + 1}`, condition: `Checked ${n + 1}` }))
  )
  await createHotbKeys(
    db,
    record.id,
    Array.from({ length: 120 }, (_, n) => ({ item: `Key ${n + 1}`, keys: 1, keysHandedOver: 1 }))
  )
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/handover-takeback/${record.id}?tabIndex=1`)
  await expect(pm.getByTestId('hotb-schedule-condition')).toHaveCount(130)
  await expect(pm.getByTestId('hotb-schedule')).toContainText('Checked 130')
  await pm.goto(`/handover-takeback/${record.id}?tabIndex=2`)
  await expect(pm.getByTestId('hotb-keys').locator('tbody tr.ant-table-row')).toHaveCount(120)
  await expect(pm.getByTestId('hotb-keys')).toContainText('Key 120')
})

test('an edit someone else overtook keeps what was typed and says so', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const { tenancy, pm: pmId } = await acmeOf(db)
  const record = await createHotb(db, { tenancyId: tenancy.id, type: 'HANDOVER', status: 'DRAFT', name: unique('ACME 23/F handover'), premises: ['23/F'], managedBy: pmId })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/handover-takeback/${record.id}`)
  await pm.getByTestId('hotb-edit').click()
  await pm.getByTestId('hotb-edit-specialRemark').fill('Bring the floor plan')
  // Meanwhile someone else saves the record.
  await db('hotb')
    .where({ id: record.id })
    .update({ amRemark: 'Changed elsewhere', updatedAt: new Date(Date.now() + 1000) })
  await pm.getByTestId('hotb-edit-save').click()
  await expect(pm.getByTestId('edit-conflict')).toBeVisible()
  await expect(pm.getByTestId('hotb-edit-specialRemark')).toHaveValue('Bring the floor plan')
  await pm.getByTestId('conflict-save').click()
  await expect(pm.getByTestId('hotb-information')).toContainText('Bring the floor plan')
  await expect(pm.getByTestId('hotb-information')).toContainText('Changed elsewhere')
})

test('the handover screens in both languages, at a phone’s width, without serious accessibility faults', async ({ browser, db }) => {
  test.setTimeout(300_000)
  const { tenancy, pm: pmId } = await acmeOf(db)
  const record = await createHotb(db, { tenancyId: tenancy.id, type: 'TAKEBACK', status: 'SCHEDULED', name: unique('ACME takeback'), premises: ['22/F'], managedBy: pmId })
  await createHotbItems(db, record.id, [
    { section: 'ceilingLighting', item: 'Suspended ceiling tiles', handoverCondition: 'Good', condition: 'Fair', remarks: 'Two tiles stained' },
    { section: 'windows', item: 'Curtain wall glazing', handoverCondition: 'Fair' }
  ])
  await createHotbKeys(db, record.id, [
    { item: 'Main entrance door', keys: 3, keysHandedOver: 3, outcome: 'LOST', chargeCents: 50000 },
    { item: 'Lift lobby access cards', accessCards: 10, keysHandedOver: 0 }
  ])
  const found: string[] = []
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/hotb')
  await expect(pm.getByTestId('hotb-link').first()).toBeVisible()
  await shotsInBothLanguages(pm, 'hotb-list')
  await settled(pm)
  found.push(...(await violations(pm, 'pm.hk /hotb')))
  await pm.goto('/hotb/create')
  await expect(pm.getByTestId('hotb-tenancy')).toBeVisible()
  await shotsInBothLanguages(pm, 'hotb-create')
  await settled(pm)
  found.push(...(await violations(pm, 'pm.hk /hotb/create')))
  await pm.goto(`/handover-takeback/${record.id}`)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Scheduled')
  for (const [tab, shot] of [
    ['Information', 'info'],
    ['Schedule', 'schedule'],
    ['Key handover', 'keys']
  ] as const) {
    await openTab(pm, tab)
    await shotsInBothLanguages(pm, `hotb-show-${shot}`)
    await settled(pm)
    found.push(...(await violations(pm, `pm.hk /handover-takeback/${record.id} ${tab}`)))
  }
  await pm.getByTestId('hotb-arrange').click()
  await expect(pm.getByTestId('hotb-arrange-date')).toBeVisible()
  await settled(pm)
  found.push(...(await violations(pm, 'pm.hk arrange dialog', '.ant-modal')))
  await pm.screenshot({ path: '/tmp/shots/hotb-arrange-en-US.png' })

  const admin = await signedIn(browser, 'admin')
  await admin.goto('/settings/building-handover-templates')
  await expect(admin.getByTestId('templates-latest').locator('tbody tr.ant-table-row').first()).toBeVisible()
  await admin.getByTestId('templates-latest').locator('tbody tr.ant-table-row').first().getByRole('button').click()
  await expect(admin.getByTestId('template-version')).toBeVisible()
  await shotsInBothLanguages(admin, 'hotb-templates')
  await settled(admin)
  found.push(...(await violations(admin, 'admin /settings/building-handover-templates')))

  const phone = { width: 390, height: 844 }
  const pmPhone = await signedIn(browser, 'pm.hk', phone)
  await pmPhone.goto(`/handover-takeback/${record.id}`)
  await expect(pmPhone.getByTestId('hotb-status')).toHaveText('Scheduled')
  await shotsInBothLanguages(pmPhone, 'hotb-show-390')
  await openTab(pmPhone, 'Key handover')
  await shotsInBothLanguages(pmPhone, 'hotb-keys-390')
  expect(await pmPhone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
  await pmPhone.goto('/hotb')
  await expect(pmPhone.getByTestId('hotb-link').first()).toBeVisible()
  await shotsInBothLanguages(pmPhone, 'hotb-list-390')
  expect(await pmPhone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)

  const tenant = await signedIn(browser, 'tenant.acme', phone)
  await tenant.goto('/tenants/handover-takeback')
  await expect(tenant.getByTestId('hotb-link').first()).toBeVisible()
  // The tenant sees scheduled, unsigned and completed records only.
  for (const status of await tenant.getByTestId('hotb-status').allTextContents()) expect(['Scheduled', 'Unsigned', 'Completed']).toContain(status)
  await shotsInBothLanguages(tenant, 'hotb-tenant-list-390')
  await settled(tenant)
  found.push(...(await violations(tenant, 'tenant.acme /tenants/handover-takeback')))
  await tenant.goto(`/tenants/handover-takeback/${record.id}`)
  await expect(tenant.getByTestId('hotb-title')).toBeVisible()
  await shotsInBothLanguages(tenant, 'hotb-tenant-show-390')
  expect(await tenant.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
  await openTab(tenant, 'Key handover')
  await shotsInBothLanguages(tenant, 'hotb-tenant-keys-390')
  await settled(tenant)
  found.push(...(await violations(tenant, `tenant.acme /tenants/handover-takeback/${record.id}`)))
  expect(found, found.join('\n')).toEqual([])
})
