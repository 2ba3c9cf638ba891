import { expect, test, type Page } from '../fixtures'
import { apiLogin, loginAs, networkQuiet, popconfirmOk, searchMails, shotsInBothLanguages } from '../helpers'
import { createTestAccount } from '../../../seeds/account-factories'
import { settled, violations } from '../axe'

/*
 * Issue 27 item 19: an administrator edits a mail template on screen (checked on blur, previewed
 * by the server, sent as a test, saved as a version) and the file rules as a form. Settings are
 * shared by every spec running at the same time: both tests work in Singapore only, on what no
 * other spec uses there (the retention reminder of projects; the file rule of green operation
 * records, a feature Singapore has off), as an administrator of their own, and put back what they
 * changed in a finally block.
 */

const TEMPLATE = 'project.retention-due'

/** A copy of the demo administrator, signed in to Singapore. */
async function singaporeAdmin(page: Page, db: Parameters<typeof createTestAccount>[0]) {
  const account = await createTestAccount(db, { like: 'admin' })
  await db('users').where({ username: account.username }).update({ defaultRegion: 'SG' })
  await loginAs(page, account.username)
  return account
}

test('an administrator edits a mail template, previews it, sends a test mail and saves a version', async ({ page, db }) => {
  test.setTimeout(180_000)
  const { username } = await singaporeAdmin(page, db)
  const mark = `E2E ${Date.now().toString(36)}`
  try {
    await page.goto('/settings/mail-templates')
    await page.getByPlaceholder('Search templates').fill('retention')
    const row = page.locator('.ant-table-row').filter({ hasText: TEMPLATE })
    await expect(row).toContainText('Retention due')
    await expect(row).toContainText('English: Default')
    await settled(page)
    expect(await violations(page, 'mail templates list')).toEqual([])
    await shotsInBothLanguages(page, 'mail-templates-list')
    await row.getByRole('link', { name: 'Retention due' }).click()
    await expect(page).toHaveURL(new RegExp(`/settings/mail-templates/edit/${TEMPLATE.replace('.', '\\.')}$`))

    const form = page.getByTestId('template-form-en-US')
    const fields = page.getByTestId('template-fields').first()
    await expect(fields).toContainText('{{dueDay}}')
    await expect(fields).toContainText('{{amount}}')

    // A field this mail does not have is refused on blur, before anything is sent.
    const subject = form.getByTestId('template-subject')
    await subject.fill(`${mark} {{number}} {{tenderName}}`)
    await subject.blur()
    await expect(form.getByText('tenderName is not a field of this mail.')).toBeVisible()
    await subject.fill(`${mark} {{number}} due {{dueDay}}`)
    await subject.blur()
    await expect(form.getByText('tenderName is not a field of this mail.')).toHaveCount(0)
    const body = form.getByTestId('template-body')
    await body.fill('Dear colleague,\n\nthe retention of {{number}} ({{amount}}) is due on {{dueDay}}.\n\n')
    // A field from the list beside the editor goes in at the end.
    await fields.getByRole('button', { name: '{{link}}' }).click()
    await expect(body).toHaveValue(/is due on \{\{dueDay\}\}\.\n\n\{\{link\}\}$/)

    await form.getByTestId('template-preview').click()
    await expect(page.getByTestId('preview-subject')).toHaveText(`${mark} [number] due [dueDay]`)
    await expect(page.getByTestId('preview-html').contentFrame().getByText('the retention of [number] ([amount]) is due on [dueDay].')).toBeVisible()

    await form.getByTestId('template-test').click()
    await expect(page.getByText(`A test mail was sent to ${username}@example.com`)).toBeVisible()

    await form.getByTestId('template-save').click()
    await expect(page.getByText(/Saved as version \d+/)).toBeVisible()
    const versions = page.getByTestId('template-versions-en-US')
    await expect(versions.locator('.ant-table-row').first()).toContainText(`${mark} {{number}} due {{dueDay}}`)
    await expect(versions.locator('.ant-table-row').first()).toContainText('in use')
    await expect(form).toContainText(/Version \d+ \(Singapore\)/)
    await settled(page)
    expect(await violations(page, 'mail template edit')).toEqual([])
    await shotsInBothLanguages(page, 'mail-templates-edit')
    await page.setViewportSize({ width: 390, height: 844 })
    await networkQuiet(page)
    // The preview is still drawn after the language switches and on a phone.
    await expect(page.getByTestId('preview-html').contentFrame().getByText('the retention of [number] ([amount]) is due on [dueDay].')).toBeVisible()
    await page.getByTestId('preview-html').scrollIntoViewIfNeeded()
    await page.screenshot({ path: '/tmp/shots/mail-templates-preview-390.png' })
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: '/tmp/shots/mail-templates-edit-390.png', fullPage: true })
    await page.setViewportSize({ width: 1440, height: 900 })

    // Back to the default, as a new version.
    await form.getByTestId('template-restore-default').click()
    await popconfirmOk(page)
    await expect(page.getByText('Restored').first()).toBeVisible()
    await expect(form).toContainText('Default')
    await expect(versions.locator('.ant-table-row').first()).toContainText('Default restored')

    // The test mail is in the outbox, to the administrator, with the unsaved text and sample values.
    await searchMails(page, `${username}@example.com`, mark)
    await expect(page.locator('.ant-table-row').filter({ hasText: `${mark} [number] due [dueDay]` })).toBeVisible()
  } finally {
    await db('mail_template_versions').where({ region: 'SG', template: TEMPLATE }).delete()
  }
})

test('an administrator sets the file rule of one upload place, checked on blur, and reads it back', async ({ page, db, baseURL }) => {
  test.setTimeout(120_000)
  const { username } = await singaporeAdmin(page, db)
  try {
    await page.goto('/settings/system-settings')
    const place = page.getByTestId('place-green-operations')
    await expect(place).toContainText('Green operation records')
    const size = place.getByTestId('rule-green-operations-maxSizeMb')
    await size.fill('0')
    await size.blur()
    await expect(place.getByText('Enter a whole number from 1 to 200.')).toBeVisible()
    await size.fill('5')
    await size.blur()
    await expect(place.getByText('Enter a whole number from 1 to 200.')).toHaveCount(0)
    const types = place.getByTestId('rule-green-operations-types').locator('input')
    await types.fill('pdf')
    await types.press('Enter')
    await types.fill('image/*')
    await types.press('Enter')
    await page.keyboard.press('Escape')
    await settled(page)
    expect(await violations(page, 'file rules')).toEqual([])
    await shotsInBothLanguages(page, 'settings-file-rules')
    await page.setViewportSize({ width: 390, height: 844 })
    await networkQuiet(page)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: '/tmp/shots/settings-file-rules-390.png', fullPage: true })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByTestId('file-rules-save').click()
    await expect(page.getByText('File rules saved')).toBeVisible()

    // Read back: on the screen after a reload, and as every upload screen of the place asks for it.
    await page.reload()
    await expect(page.getByTestId('place-green-operations').getByTestId('rule-green-operations-maxSizeMb')).toHaveValue('5')
    await expect(page.getByTestId('place-green-operations')).toContainText('Images (image/*)')
    const token = await apiLogin(baseURL!, username)
    const limits = await (await fetch(`${baseURL}/sg/v1/upload-limits?place=green-operations`, { headers: { authorization: `Bearer ${token}` } })).json()
    expect(limits).toMatchObject({ maxSizeMb: 5, types: expect.arrayContaining(['pdf', 'jpg', 'png']) })
    const other = await (await fetch(`${baseURL}/sg/v1/upload-limits?place=tenders`, { headers: { authorization: `Bearer ${token}` } })).json()
    expect(other.maxSizeMb).toBe(10)
  } finally {
    await db('settings').where({ region: 'SG', key: 'upload.places' }).delete()
  }
})
