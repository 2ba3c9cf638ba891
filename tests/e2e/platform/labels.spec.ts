import { expect, test, type Page } from '../fixtures'
import { apiLogin, loginAs, switchLanguage } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'

// No raw key on the security group editor, the audit log or the audit report in Chinese: every
// permission resource and action, and every audited write, shows its label from the catalogue of
// the module that owns it (issue 10 item 9).

/** A Feathers path (`purchase-requests`), a catalogue key (`profile.patch`) or a plain English method name (`submit`). */
const rawKey = /^[a-z]+(-[a-z]+)+$|^[a-z][\w-]*\.[\w.-]+$|^[a-zA-Z]+$/
const shown = async (page: Page, selector: string) => (await page.locator(selector).allInnerTexts()).map((text) => text.trim()).filter(Boolean)

test('the security group editor names every resource and action in Chinese', async ({ page }) => {
  await loginAs(page, 'admin')
  await page.goto('/settings/security-group/create')
  await expect(page.locator('[data-testid="perm-row-purchase-requests"]')).toHaveText('Purchase requests')
  await switchLanguage(page, '中文', { save: false })
  await expect(page.locator('[data-testid="perm-row-purchase-requests"]')).toHaveText('采购申请')

  const rows = await shown(page, '[data-testid^="perm-row-"]')
  expect(rows.length).toBeGreaterThan(15)
  expect(rows.filter((text) => rawKey.test(text))).toEqual([])
  expect(rows).toEqual(expect.arrayContaining(['招标澄清问题', '投标', '权限组']))
  // The CRUD verbs head their columns; every other action is named beside its grant, in its resource's row.
  const actions = [...(await shown(page, '.ant-table-thead th')), ...(await shown(page, '[data-testid="perm-action"]'))]
  expect(actions).toEqual(expect.arrayContaining(['新建', '查看', '提交', '以招标代表身份评审', '授标']))
  expect(actions.filter((text) => rawKey.test(text))).toEqual([])
  await page.screenshot({ path: '/tmp/shots/labels-group-editor-zh-CN.png', fullPage: true })
})

test('the audit log and the audit report name resources and actions in Chinese', async ({ page, baseURL, db }) => {
  // The writes, a profile's among them, are a copy of admin's: admin's profile stays as other specs find it.
  const { username } = await createTestAccount(db, { like: 'admin' })
  const token = await apiLogin(baseURL!, username)
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${baseURL}/hk/v1/${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) })
  const created = await call('POST', 'security-groups', { name: `Labels ${Date.now()}`, permissions: [{ resource: 'purchase-requests', action: 'read', attribute: 'any' }] })
  expect(created.status).toBe(201)
  const group = await created.json()
  expect((await call('PATCH', `security-groups/${group.id}`, { description: 'Audited', updatedAt: group.updatedAt })).status).toBe(200)
  expect((await call('DELETE', `security-groups/${group.id}`)).status).toBe(200)
  expect((await call('PATCH', 'profile/me', { language: 'en-US' })).status).toBe(200)

  await loginAs(page, username)
  await page.goto('/settings/audit-log')
  await switchLanguage(page, '中文', { save: false })
  for (const [filter, resource, actions] of [
    ['security-groups.', '权限组', ['新建', '编辑', '删除']],
    ['profile.', '个人资料', ['编辑']]
  ] as const) {
    await page.locator('input#action').fill(filter)
    await page.locator('input#action').press('Enter')
    const rows = page.locator('.ant-table-row')
    await expect(rows.first()).toContainText(resource)
    await expect(rows.filter({ hasText: filter })).toHaveCount(0)
    // The action and resource columns.
    const cells = await shown(page, '.ant-table-row td:nth-child(3), .ant-table-row td:nth-child(4)')
    expect(cells.filter((text) => rawKey.test(text))).toEqual([])
    for (const action of actions) await expect(rows.filter({ hasText: action }).first()).toBeVisible()
  }
  await page.screenshot({ path: '/tmp/shots/labels-audit-log-zh-CN.png', fullPage: true })

  await page.goto('/settings/audit-report')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  // Filtered to the resource, as a reader looks for one: the whole suite writes today, so the
  // security groups' rows of the day need not be on the report's first page.
  await page
    .locator('.ant-form-item', { has: page.locator('input#resource') })
    .locator('.ant-select')
    .click()
  await page.locator('input#resource').fill('权限组')
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '权限组' }).first().click()
  await page.locator('form button[type="submit"]').click()
  const groupRows = page.locator('.ant-table-row', { hasText: '权限组' })
  await expect(groupRows.first()).toBeVisible()
  await expect(groupRows.filter({ hasText: '新建' }).first()).toBeVisible()
  // The resource and action columns of the rows of our writes (other specs' rows may carry an
  // action their client named itself, X-CMS-Action, shown as recorded).
  const cells = (await groupRows.locator('td:nth-child(2), td:nth-child(3)').allInnerTexts()).map((text) => text.trim())
  expect(cells.filter((text) => rawKey.test(text))).toEqual([])
  await page.screenshot({ path: '/tmp/shots/labels-audit-report-zh-CN.png', fullPage: true })
})

test("an audit entry names the record's fields in Chinese, as its screens do", async ({ page, baseURL, db }) => {
  const { username } = await createTestAccount(db, { like: 'admin' })
  const token = await apiLogin(baseURL!, username)
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const code = `AL${Date.now() % 1_000_000}`
  const created = await fetch(`${baseURL}/hk/v1/buildings`, { method: 'POST', headers, body: JSON.stringify({ code, name: 'Labelled Tower', floors: ['G/F'], commonFloor: 'G/F' }) })
  expect(created.status).toBe(201)
  const building = await created.json()
  const entries = await (await fetch(`${baseURL}/hk/v1/audit-log?resource=buildings&recordId=${building.id}`, { headers })).json()
  expect(entries.data).toHaveLength(1)

  await loginAs(page, username)
  await page.goto('/settings/audit-log')
  await switchLanguage(page, '中文', { save: false })
  await page.goto(`/settings/audit-log/${entries.data[0].id}`)
  const fieldCells = page.locator('.ant-table-row td:first-child')
  await expect(fieldCells.filter({ hasText: '名称' })).toHaveCount(1)
  await expect(fieldCells.filter({ hasText: '公共楼层' })).toHaveCount(1)
  // The stored key is kept for whoever compares with the data: on hover, not as the name.
  await expect(fieldCells.locator('span[title="commonFloor"]')).toHaveText('公共楼层')
  expect((await fieldCells.allInnerTexts()).map((text) => text.trim())).not.toContain('name')
  await page.screenshot({ path: '/tmp/shots/labels-audit-entry-zh-CN.png', fullPage: true })
  // Switched back with the entry open: the server's names follow the language at once.
  await switchLanguage(page, 'English', { save: false })
  await expect(fieldCells.locator('span[title="commonFloor"]')).toHaveText('Common floor')
  await expect(fieldCells.filter({ hasText: '名称' })).toHaveCount(0)
})
