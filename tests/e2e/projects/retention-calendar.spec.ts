import { expect, test } from '../fixtures'
import { shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createProject } from '../../../backend/src/modules/projects/seeds/factories'
import { createRetentionClaim } from '../../../backend/src/modules/projects/seeds/retention-factories'

/*
 * Retention falling due (issue 12 item 7) as its users meet it: pm.hk opens the calendar from the
 * menu, narrows it to a month, opens the vendor's row to its projects and goes to one; the vendor
 * sees its own. Each screen in both languages, wide and at a phone's width. Every spec builds
 * projects of its own, due in a month of its own.
 */

/** A month far ahead, of this run and worker: nothing else falls due in it. */
function ownMonth(worker: number) {
  const year = 2040 + (((Date.now() / 1000) % 40) | 0)
  const month = ((worker + (Date.now() % 11)) % 12) + 1
  return { year, month, text: `${year}-${String(month).padStart(2, '0')}` }
}

/** A project holding 5 % of `amount` (its retention, once a claim is certified), falling due in the month. */
async function heldProject(db: any, month: string, amount: number) {
  const { project } = await createProject(db, { status: 'ACTIVE', dlpDate: `${month}-10`, amount, retentionPercent: 5 })
  await createRetentionClaim(db, project, { order: 1 })
  return project
}

async function narrowTo(page: any, month: string) {
  for (const id of ['calendar-from', 'calendar-to']) {
    // The month picker's own input carries the test id.
    const input = page.getByTestId(id)
    await input.click()
    await input.fill(month)
    await input.press('Enter')
  }
  await page
    .locator('form')
    .getByRole('button', { name: /search|搜索/i })
    .click()
}

test('pm.hk finds the retention falling due in a month from the menu and opens its project; the vendor sees its own', async ({ browser, db }, info) => {
  test.setTimeout(180_000)
  const month = ownMonth(info.parallelIndex)
  const project = await heldProject(db, month.text, 24_691.2)

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/')
  await pm.getByRole('menuitem', { name: 'Retention due' }).click()
  await expect(pm).toHaveURL(/\/projects\/retention-calendar$/)
  await narrowTo(pm, month.text)
  const row = pm.locator('.ant-table-row').filter({ hasText: 'Alpha Engineering Ltd' })
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('calendar-held')).toHaveText('HKD 1,234.56')
  await row.locator('.ant-table-row-expand-icon').click()
  const link = pm.getByTestId('calendar-projects').getByRole('link', { name: project.number })
  await expect(link).toBeVisible()
  await link.click()
  await expect(pm).toHaveURL(new RegExp(`/projects/${project.id}$`))
  await pm.context().close()

  const vendor = await signedIn(browser, 'vendor.alpha')
  await vendor.goto('/vendors/projects/retention-calendar')
  await narrowTo(vendor, month.text)
  await expect(vendor.getByTestId('calendar-held')).toHaveText(['HKD 1,234.56'])
  await vendor.context().close()
  const beta = await signedIn(browser, 'vendor.beta')
  await beta.goto('/vendors/projects/retention-calendar')
  await narrowTo(beta, month.text)
  await expect(beta.getByText('No retention falls due.')).toBeVisible()
  await beta.context().close()
})

test('the retention calendar in both languages, wide and at a phone’s width, without serious axe violations', async ({ browser, db }, info) => {
  test.setTimeout(180_000)
  const month = ownMonth(info.parallelIndex + 5)
  await heldProject(db, month.text, 100_000)
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/projects/retention-calendar')
  await narrowTo(pm, month.text)
  await pm.locator('.ant-table-row-expand-icon').first().click()
  await expect(pm.getByTestId('calendar-projects')).toBeVisible()
  await shotsInBothLanguages(pm, 'retention-calendar')
  await settled(pm)
  const found = await violations(pm, 'pm.hk /projects/retention-calendar')
  await pm.context().close()
  const phone = await signedIn(browser, 'vendor.alpha', { width: 390, height: 844 })
  await phone.goto('/vendors/projects/retention-calendar')
  await narrowTo(phone, month.text)
  await expect(phone.getByTestId('calendar-held').first()).toBeVisible()
  await shotsInBothLanguages(phone, 'retention-calendar-vendor-390')
  await phone.context().close()
  expect(found, found.join('\n')).toEqual([])
})
