import { expect, test, type Page } from '../fixtures'
import { apiLogin, liveSignedIn, loginAs, shotsInBothLanguages, signedIn, switchLanguage } from '../helpers'
import { formatDateTime } from '../../../backend/src/format/format.shared'

// Issue 10 items 5, 6 and 7: errors people understand, one clock, live everywhere.

const HK = { timeZone: 'Asia/Hong_Kong', language: 'en-US' }
const UTC = { timeZone: 'UTC', language: 'en-US' }

async function api(baseURL: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-cms-action': `e2e.${method.toLowerCase()}` },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  return { status: response.status, body: (await response.json().catch(() => undefined)) as any }
}

/** A building of its own for the test, made through the API. */
async function newBuilding(baseURL: string, token: string, code: string) {
  const created = await api(baseURL, token, 'POST', '/hk/v1/buildings', { code, name: `Tower ${code}`, floors: ['G/F'], commonFloor: 'G/F' })
  expect(created.status).toBe(201)
  return created.body as { id: number; updatedAt: string }
}

const save = (page: Page) =>
  page
    .locator('main')
    .getByRole('button', { name: /Save|保存/ })
    .first()
    .click()

test('a stale save tells what happened and why, once, in the catalogue’s words and no status code', async ({ browser, baseURL }) => {
  const token = await apiLogin(baseURL!, 'admin')
  const code = `E410${Date.now() % 100000}`
  const building = await newBuilding(baseURL!, token, code)
  const page = await signedIn(browser, 'admin')
  await page.goto(`/settings/building-list/edit/${building.id}`)
  await expect(page.locator('#code')).toHaveValue(code)
  // Someone else saves meanwhile (no edit lock is asked of an API caller with the version).
  const changed = await api(baseURL!, token, 'PATCH', `/hk/v1/buildings/${building.id}`, { fullName: 'Changed elsewhere', updatedAt: building.updatedAt })
  expect(changed.status).toBe(200)

  await page.locator('#fullName').fill('Saved from the old copy')
  const answer = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/buildings\//.test(r.url()))
  await save(page)
  expect((await answer).status()).toBe(410)
  // An edit form's stale save is told by its conflict view (issue 27, item 12), not by a toast.
  const conflict = page.getByTestId('edit-conflict')
  await expect(conflict).toContainText('Someone else saved this record while you were editing')
  await expect(page.getByTestId('conflict-fullName-theirs')).toContainText('Changed elsewhere')
  await expect(page.getByTestId('conflict-fullName-yours')).toContainText('Saved from the old copy')
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0)
  // Said once, with no status code anywhere on the screen.
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ')
  expect(text.match(/Someone else saved this record/g)).toHaveLength(1)
  await expect(page.locator('body')).not.toContainText(/status code|410/)
  await page.screenshot({ path: '/tmp/shots/error-stale-410-en-US.png' })

  // The same in Chinese: the catalogue's Chinese words.
  await switchLanguage(page, '中文', { save: false })
  await expect(conflict).toContainText('您编辑期间，其他用户已保存了此记录')
  await expect(page.getByTestId('conflict-fullName-yours')).toContainText('Saved from the old copy')
  await page.screenshot({ path: '/tmp/shots/error-stale-410-zh-CN.png' })
  await switchLanguage(page, 'English', { save: false })
})

test('letters typed into a money field are named as the mistake, in both languages, and no toast claims a server failure', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/settings/departments/create')
  const amount = page.locator('#itqThreshold')
  await amount.fill('12abc')
  const hint = page.getByTestId('amount-input-error')
  await expect(hint).toHaveText('Amounts take digits only, with an optional decimal point and commas (e.g. 1,234.50).')
  await expect(amount).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: '/tmp/shots/amount-letters-en-US.png' })
  // A valid amount clears it.
  await amount.fill('1,250.5')
  await expect(hint).toHaveCount(0)
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true')

  await switchLanguage(page, '中文', { save: false })
  await amount.fill('abc')
  await expect(page.getByTestId('amount-input-error')).toHaveText('金额只可输入数字，可含小数点及千位逗号（如 1,234.50）。')
  await page.screenshot({ path: '/tmp/shots/amount-letters-zh-CN.png' })
  await switchLanguage(page, 'English', { save: false })

  // Saving a form that fails its own checks shows the fields' messages, never a toast.
  await page.goto('/settings/departments/create')
  await save(page)
  await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible()
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0)
})

test('the audit log, mail viewer and users list show times on Hong Kong’s clock in the spec’s format, and the audit log and mails arrive live', async ({ browser, baseURL }) => {
  const token = await apiLogin(baseURL!, 'admin')
  const watcher = await signedIn(browser, 'admin')

  // Audit log: a change made elsewhere appears without a reload, its time on HK's clock.
  await watcher.goto('/settings/audit-log')
  await expect(watcher.locator('.ant-table-row, .ant-table-placeholder').first()).toBeVisible()
  await expect(watcher.locator('.ant-spin-spinning')).toHaveCount(0)
  await liveSignedIn(watcher)
  const code = `LIVE${Date.now() % 100000}`
  const building = await newBuilding(baseURL!, token, code)
  const entries = await api(baseURL!, token, 'GET', `/hk/v1/audit-log?resource=buildings&recordId=${building.id}`)
  const entry = entries.body.data[0]
  const row = watcher.locator(`.ant-table-row[data-row-key="${entry.id}"]`)
  await expect(row).toBeVisible()
  const at = formatDateTime(entry.at, HK)
  expect(at).toMatch(/^\d{2} [A-Z][a-z]{2} \d{2}, \d{2}:\d{2}$/)
  expect(at).not.toBe(formatDateTime(entry.at, UTC))
  await expect(row.locator('td').first()).toHaveText(at)
  await watcher.screenshot({ path: '/tmp/shots/audit-log-live-en-US.png' })
  // The entry itself: its time and the record's stored times, on the same clock.
  await row.getByRole('button').first().click()
  await expect(watcher.locator('.ant-descriptions')).toContainText(at)
  await expect(watcher.locator('main')).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)

  // Mail viewer: a mail sent meanwhile appears live, its time on HK's clock.
  await watcher.goto('/settings/mail-messages')
  // Loaded (a fresh database may hold no mail yet).
  await expect(watcher.locator('.ant-table-row, .ant-table-placeholder').first()).toBeVisible()
  await expect(watcher.locator('.ant-spin-spinning')).toHaveCount(0)
  await liveSignedIn(watcher)
  const newest = async () => (await api(baseURL!, token, 'GET', '/hk/v1/mail-messages?$sort[id]=-1&$limit=1')).body.data[0]
  const before = (await newest())?.id ?? 0
  expect((await fetch(`${baseURL}/v1/password-resets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'accounting.hk' }) })).status).toBe(201)
  // The link is mailed after the answer (issue 27 item 9).
  await expect.poll(async () => (await newest())?.id ?? 0).toBeGreaterThan(before)
  const mail = await newest()
  const mailRow = watcher.locator(`.ant-table-row[data-row-key="${mail.id}"]`)
  await expect(mailRow).toBeVisible()
  await expect(mailRow.locator('td').first()).toHaveText(formatDateTime(mail.createdAt, HK))
  await expect(mailRow).toContainText(formatDateTime(mail.sentAt, HK))
  await shotsInBothLanguages(watcher, 'mail-viewer-hk-clock')

  // Users list: the last login, on HK's clock.
  await apiLogin(baseURL!, 'accounting.hk')
  const users = await api(baseURL!, token, 'GET', '/hk/v1/users?username=accounting.hk')
  const user = users.body.data[0]
  await watcher.goto('/settings/users')
  await watcher.locator('#username').fill('accounting.hk')
  await watcher.getByRole('button', { name: /Search/ }).click()
  const userRow = watcher.locator('.ant-table-row').filter({ hasText: 'accounting.hk' })
  await expect(userRow).toContainText(formatDateTime(user.lastLoginAt, HK))
  await expect(watcher.locator('main')).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
})
