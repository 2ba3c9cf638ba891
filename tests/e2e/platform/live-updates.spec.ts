import { expect, test } from '../fixtures'
import { apiLogin, liveSignedIn, signedIn } from '../helpers'
import { createTestAccount, createTestGroup } from '../../../seeds/account-factories'

// The people here are copies of admin and pm.hk; the grant that lets a project manager edit
// buildings is given to a copy of the Project Manager group, and the record two people open is a
// building of the test's own: no demo account, group or building changes for the other specs.

test("a building the administrator adds in one browser appears live in the project manager's list in another", async ({ browser, db }) => {
  const code = `LIVE-ES${Date.now() % 100_000}`
  const watcher = await signedIn(browser, (await createTestAccount(db, { like: 'pm.hk' })).username)
  await watcher.goto('/settings/building-list')
  await expect(watcher.getByText('ES1').first()).toBeVisible()
  await expect(watcher.getByText(code)).toHaveCount(0)
  await liveSignedIn(watcher)

  const editor = await signedIn(browser, (await createTestAccount(db, { like: 'admin' })).username)
  await editor.goto('/settings/building-list/create')
  await editor.locator('#code').fill(code)
  await editor.locator('#name').fill('Live Tower Nine')
  await editor.getByTestId('floors-new').fill('G/F')
  await editor.getByTestId('floors-add').click()
  await editor.locator('#commonFloor').click({ force: true })
  await editor.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'G/F' }).click()
  const created = editor.waitForResponse((r) => /\/v1\/buildings$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST')
  await editor.locator('main').getByRole('button', { name: /Save/ }).first().click()
  expect((await created).status()).toBe(201)

  // No reload in the watcher's browser: the list refreshes from the live event.
  await expect(watcher.getByText(code).first()).toBeVisible()
})

test("a building added before the watcher's live connection has signed in still appears: the connection catches up on it", async ({ browser, baseURL, db }) => {
  const code = `LIVE-CU${Date.now() % 100_000}`
  const watcher = await signedIn(browser, (await createTestAccount(db, { like: 'pm.hk' })).username)
  // The watcher's next live connection says nothing to the server (so it cannot sign in) until released.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await watcher.routeWebSocket(/\/socket\.io\//, (socket) => {
    const server = socket.connectToServer()
    socket.onMessage(async (message) => {
      await released
      server.send(message)
    })
  })
  await watcher.goto('/settings/building-list')
  await expect(watcher.getByText('ES1').first()).toBeVisible()

  const token = await apiLogin(baseURL!, (await createTestAccount(db, { like: 'admin' })).username)
  const created = await fetch(`${baseURL}/hk/v1/buildings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ code, name: 'Tower Caught Up', floors: ['G/F'], commonFloor: 'G/F' })
  })
  expect(created.status).toBe(201)
  await expect(watcher.getByText(code)).toHaveCount(0)

  // The connection signs in after the change: no reload, the list shows the building.
  release()
  await liveSignedIn(watcher)
  await expect(watcher.getByText(code).first()).toBeVisible()
})

test('a second editor of the same record is told who holds it and cannot save', async ({ browser, baseURL, db }) => {
  // Project managers who may edit buildings, so two people may open the same one.
  const editors = await createTestGroup(db, { like: 'Project Manager', grants: [{ resource: 'buildings', action: 'update', attribute: 'any' }] })
  const manager = await createTestAccount(db, { like: 'pm.hk', groups: [editors] })
  const admin = await createTestAccount(db, { like: 'admin' })
  const token = await apiLogin(baseURL!, admin.username)
  const code = `LOCK${Date.now() % 1_000_000}`
  const created = await fetch(`${baseURL}/hk/v1/buildings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ code, name: `Tower ${code}`, floors: ['G/F'], commonFloor: 'G/F' })
  })
  expect(created.status).toBe(201)
  const building = (await created.json()) as { id: number; name: string }

  const first = await signedIn(browser, admin.username)
  await first.goto(`/settings/building-list/edit/${building.id}`)
  await expect(first.locator('#name')).toHaveValue(building.name)

  const second = await signedIn(browser, manager.username)
  await second.goto(`/settings/building-list/edit/${building.id}`)
  await expect(second.getByText(`${admin.username} is editing this record.`)).toBeVisible()
  await expect(second.locator('main').getByRole('button', { name: /Save/ }).first()).toBeDisabled()

  // Once the first editor leaves, the record is free again.
  const released = first.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/edit-locks/'))
  await first.getByRole('link', { name: 'Buildings' }).first().click()
  expect((await released).status()).toBe(200)
  await second.reload()
  await expect(second.locator('#name')).toHaveValue(building.name)
  await expect(second.getByText(`${admin.username} is editing this record.`)).toHaveCount(0)
  await expect(second.locator('main').getByRole('button', { name: /Save/ }).first()).toBeEnabled()
})
