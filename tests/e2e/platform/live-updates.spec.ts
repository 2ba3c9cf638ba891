import { expect, test, type Browser } from '../fixtures'
import { apiLogin, loginAs } from '../helpers'

async function signedInPage(browser: Browser, username: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await loginAs(page, username)
  return page
}

test("a building the administrator adds in one browser appears live in the project manager's list in another", async ({ browser }) => {
  const watcher = await signedInPage(browser, 'pm.hk')
  await watcher.goto('/settings/building-list')
  await expect(watcher.getByText('ES1').first()).toBeVisible()
  await expect(watcher.getByText('LIVE-ES9')).toHaveCount(0)

  const editor = await signedInPage(browser, 'admin')
  await editor.goto('/settings/building-list/create')
  await editor.locator('#code').fill('LIVE-ES9')
  await editor.locator('#name').fill('Live Tower Nine')
  await editor.getByTestId('floors-new').fill('G/F')
  await editor.getByTestId('floors-add').click()
  await editor.locator('#commonFloor').click({ force: true })
  await editor.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'G/F' }).click()
  const created = editor.waitForResponse((r) => /\/v1\/buildings$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST')
  await editor.locator('main').getByRole('button', { name: /Save/ }).first().click()
  expect((await created).status()).toBe(201)

  // No reload in the watcher's browser: the list refreshes from the live event.
  await expect(watcher.getByText('LIVE-ES9').first()).toBeVisible()
})

test('a second editor of the same record is told who holds it and cannot save', async ({ browser, baseURL }) => {
  // Let project managers edit buildings, so two people may open the same one.
  const token = await apiLogin(baseURL!, 'admin')
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const groups = (await (await fetch(`${baseURL}/hk/v1/security-groups?name=Project%20Manager`, { headers })).json()) as any
  const group = groups.data[0]
  const permissions = [...group.permissions, { resource: 'buildings', action: 'update', attribute: 'any' }]
  const patched = await fetch(`${baseURL}/hk/v1/security-groups/${group.id}`, { method: 'PATCH', headers, body: JSON.stringify({ permissions, updatedAt: group.updatedAt }) })
  expect(patched.status).toBe(200)
  const es2 = ((await (await fetch(`${baseURL}/hk/v1/buildings?code=ES2`, { headers })).json()) as any).data[0]
  try {
    await twoEditors(browser, es2)
  } finally {
    // Leave the group as the other tests expect it.
    const current = (await (await fetch(`${baseURL}/hk/v1/security-groups/${group.id}`, { headers })).json()) as any
    await fetch(`${baseURL}/hk/v1/security-groups/${group.id}`, { method: 'PATCH', headers, body: JSON.stringify({ permissions: group.permissions, updatedAt: current.updatedAt }) })
  }
})

async function twoEditors(browser: Browser, es2: { id: number; name: string }) {
  const first = await signedInPage(browser, 'admin')
  await first.goto(`/settings/building-list/edit/${es2.id}`)
  await expect(first.locator('#name')).toHaveValue(es2.name)

  const second = await signedInPage(browser, 'pm.hk')
  await second.goto(`/settings/building-list/edit/${es2.id}`)
  await expect(second.getByText('admin is editing this record.')).toBeVisible()
  await expect(second.locator('main').getByRole('button', { name: /Save/ }).first()).toBeDisabled()

  // Once the first editor leaves, the record is free again.
  const released = first.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/edit-locks/'))
  await first.getByRole('link', { name: 'Buildings' }).first().click()
  expect((await released).status()).toBe(200)
  await second.reload()
  await expect(second.locator('#name')).toHaveValue(es2.name)
  await expect(second.getByText('admin is editing this record.')).toHaveCount(0)
  await expect(second.locator('main').getByRole('button', { name: /Save/ }).first()).toBeEnabled()
}
