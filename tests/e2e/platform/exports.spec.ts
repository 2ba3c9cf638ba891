import ExcelJS from 'exceljs'
import type { Download } from '@playwright/test'
import { expect, test, type Page } from '../fixtures'
import { signedIn, switchLanguage } from '../helpers'
import { createTender, uniqueNumber } from '../../../backend/src/modules/tenders/seeds/factories'
import { wallClock } from '../../../backend/src/format/format.shared'
import { createTenancy, tenantCompany, uniqueName } from '../../../backend/src/modules/tenancies/seeds/factories'

/*
 * A list's export is what the list shows: its columns with their labels in the user's language,
 * values as on screen (status names, dates on the region's clock), and a sheet naming the filters.
 * A long list is built in the background, its progress shown live, then offered for download.
 */

async function workbookOf(download: Download) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(await download.path())
  const [list, about] = workbook.worksheets
  return {
    header: (list.getRow(1).values as unknown[]).slice(1),
    row: (n: number) => list.getRow(n + 1),
    rowCount: list.rowCount - 1,
    about: Object.fromEntries(
      about
        .getSheetValues()
        .filter(Boolean)
        .map((values: any) => [values[1], values[2]])
    )
  }
}

async function searchTenders(page: Page, prNumber: string) {
  const field = page.locator('.ant-form-item', { has: page.locator('#prNumber') }).locator('input')
  await field.fill(prNumber)
  await page
    .locator('form')
    .getByRole('button', { name: /(Search|查询)$/ })
    .click()
  await expect(page.locator('.ant-table-row')).toHaveCount(1)
}

test('the tenders list exports its columns, labelled and formatted as on screen, with its filters named, in English and Chinese', async ({ browser, db }) => {
  const tender = await createTender(db, { prNumber: uniqueNumber('PR-EXP'), status: 'ISSUED', amount: 812_345.5 })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto('/tenders')
  await searchTenders(pm, tender.prNumber)

  const [download] = await Promise.all([pm.waitForEvent('download'), pm.getByRole('button', { name: 'Export' }).click()])
  expect(download.suggestedFilename()).toMatch(/^tenders-\d{4}-\d{2}-\d{2}\.xlsx$/)
  const en = await workbookOf(download)
  expect(en.header).toEqual(['PR number', 'Description', 'Type', 'Status', 'Amount', 'Closing date', 'Created'])
  expect(en.rowCount).toBe(1)
  const row = en.row(1)
  expect(row.getCell(1).value).toBe(tender.prNumber)
  expect(row.getCell(3).value).toBe('Tender')
  expect(row.getCell(4).value).toBe('Issued')
  expect(row.getCell(5).value).toBe(812_345.5)
  expect(row.getCell(5).numFmt).toBe('#,##0.00 "HKD"')
  // The closing is 17:00 in Hong Kong: the cell holds Hong Kong's clock, shown as the list shows it.
  expect(row.getCell(6).value).toEqual(wallClock(tender.closingAt, 'Asia/Hong_Kong'))
  expect((row.getCell(6).value as Date).getUTCHours()).toBe(17)
  expect(row.getCell(6).numFmt).toBe('dd mmm yy, hh:mm')
  expect(en.about['PR number']).toBe(`contains “${tender.prNumber}”`)
  expect(en.about['Exported by']).toBe('Peter Mak (PM) (pm.hk)')
  expect(en.about.Region).toMatch(/\(HK\)$/)

  await switchLanguage(pm, '中文', { save: false })
  await searchTenders(pm, tender.prNumber)
  const [chinese] = await Promise.all([pm.waitForEvent('download'), pm.getByRole('button', { name: /导\s?出$/ }).click()])
  const zh = await workbookOf(chinese)
  expect(zh.header).toEqual(['采购申请编号', '描述', '类型', '状态', '金额', '截标日期', '创建日期'])
  expect(zh.row(1).getCell(3).value).toBe('招标')
  expect(zh.row(1).getCell(4).value).toBe('已发标')
  expect(zh.row(1).getCell(6).numFmt).toBe('yyyy"年"mm"月"dd"日" hh:mm')
  expect(zh.about['导出人']).toBe('Peter Mak (PM) (pm.hk)')
})

test('a long list is exported in the background: its progress shows live, then the file downloads', async ({ browser, db }) => {
  const prefix = `bulkexp${Date.now().toString(36)}`
  // More rows than the threshold, over more than one page (100 rows), so progress is told on the way.
  await db('users').insert(
    Array.from({ length: 130 }, (_, i) => ({
      username: `${prefix}.${String(i).padStart(3, '0')}`,
      email: `${prefix}.${i}@example.com`,
      displayName: `Bulk export ${i}`,
      userType: 521,
      regions: ['HK'],
      defaultRegion: 'HK'
    }))
  )
  await db('settings').insert({ region: 'HK', key: 'exports.jobThreshold', value: JSON.stringify(100) })
  try {
    const admin = await signedIn(browser, 'admin')
    await admin.goto('/settings/users')
    await admin.locator('#username').fill(prefix)
    await admin.locator('form').getByRole('button', { name: 'Search' }).click()
    await expect(admin.getByText(`${prefix}.000`)).toBeVisible()
    // Every state of the progress bar the page shows, as it shows it.
    await admin.evaluate(() => {
      const seen: string[] = []
      ;(window as any).exportProgressSeen = seen
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="export-progress"] .ant-progress-text')?.textContent
        if (text && seen[seen.length - 1] !== text) seen.push(text)
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await admin.getByRole('button', { name: 'Export' }).click()
    const ready = admin.getByTestId('export-ready')
    await expect(ready).toBeVisible({ timeout: 30_000 })
    const seen: string[] = await admin.evaluate(() => (window as any).exportProgressSeen)
    expect(seen[0]).toBe('0%')
    await expect(ready).toContainText('130')
    const [download] = await Promise.all([admin.waitForEvent('download'), ready.getByRole('button', { name: 'Download' }).click()])
    const file = await workbookOf(download)
    expect(file.header).toEqual(['Username', 'Name', 'E-mail', 'User type', 'Status', 'Last login'])
    expect(file.rowCount).toBe(130)
    expect(file.row(1).getCell(1).value).toBe(`${prefix}.000`)
    expect(file.row(1).getCell(4).value).toBe('Staff user')
    expect(file.about.Username).toBe(`contains “${prefix}”`)
  } finally {
    await db('settings').where({ region: 'HK', key: 'exports.jobThreshold' }).delete()
    await db('users').where('username', 'like', `${prefix}.%`).delete()
  }
})

test('a tenant exports its own tenancy records from its list, and staff the companies with their types named (issue 27 item 18)', async ({ browser, db }) => {
  const other = await tenantCompany(db, uniqueName('Other tenant'))
  await createTenancy(db, { companyId: other, tradeName: uniqueName('Not ACME'), building: 'ES1', premises: [{ floor: '40/F', effectiveDate: '2026-01-01' }] })
  const tenant = await signedIn(browser, 'tenant.acme')
  await tenant.goto('/tenants/allTenancyRecs')
  await expect(tenant.getByTestId('tenancy-link').first()).toBeVisible()
  const [tenancies] = await Promise.all([tenant.waitForEvent('download'), tenant.getByRole('button', { name: 'Export' }).click()])
  const sheet = await workbookOf(tenancies)
  expect(sheet.header[0]).toBe('Company name')
  expect(sheet.rowCount).toBeGreaterThanOrEqual(3)
  const companies = new Set(Array.from({ length: sheet.rowCount }, (_, n) => sheet.row(n + 1).getCell(1).value))
  expect(companies).toEqual(new Set(['ACME Trading']))

  const staff = await signedIn(browser, 'admin')
  await staff.goto('/companies')
  await expect(staff.locator('.ant-table-row').first()).toBeVisible()
  const [list] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Export' }).click()])
  const exported = await workbookOf(list)
  expect(exported.header).toEqual(['Company name', 'Type', 'Parent company', 'Phone', 'Contacts', 'Status'])
  const types = new Set(Array.from({ length: exported.rowCount }, (_, n) => String(exported.row(n + 1).getCell(2).value)))
  expect([...types].filter((type) => !/\((O|T|C|D|PC)\)$|^D$/.test(type))).toEqual([])
})
