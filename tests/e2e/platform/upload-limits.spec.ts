import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '../fixtures'
import { createTender } from '../../../backend/src/modules/tenders/seeds/factories'
import { closeToasts, minimalPdf, networkQuiet, openTab, signedIn, switchLanguage } from '../helpers'

/*
 * Issue 27 item 15: a file over the region's upload limit (10 MB, from the settings), too many
 * files or a type not allowed is refused in the browser before anything is sent, and the message
 * names the limit. pm.hk on the attachments of a DRAFT tender of its own; a real 11 MB file on disk.
 */

test.use({ actionTimeout: 15_000 })

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-limits-'))
const oversized = path.join(dir, 'site-survey.pdf')
test.beforeAll(() => fs.writeFileSync(oversized, Buffer.concat([minimalPdf, Buffer.alloc(11 * 1024 * 1024, 0x20)])))
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Every upload request the page sends. */
function uploadsSent(page: Page) {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/v1\/(tender-documents|files)\b/.test(request.url())) sent.push(request.url())
  })
  return sent
}

async function openAttachments(page: Page, tender: { id: string; prNumber: string }) {
  await page.goto(`/tender/edit/${tender.id}`)
  await expect(page.getByText(tender.prNumber).first()).toBeVisible()
  await networkQuiet(page)
  await openTab(page, 'Attachments')
  return page.getByTestId('upload-ATTACHMENT')
}

test('an oversized file, too many files or a type not allowed is refused before sending, naming the limit', async ({ browser, db }) => {
  test.setTimeout(180_000)
  const tender = await createTender(db, { status: 'DRAFT' })
  const pm = await signedIn(browser, 'pm.hk')
  const sent = uploadsSent(pm)
  const attachment = await openAttachments(pm, tender)
  const input = attachment.locator('input[type=file]')
  // The picker offers the region's types first.
  await expect(input).toHaveAttribute('accept', /\.pdf,.*\.xlsx.*\.zip/)

  await input.setInputFiles(oversized)
  await expect(attachment.getByText('site-survey.pdf is larger than the upload limit of 10 MB.')).toBeVisible()
  await attachment.getByTestId('document-upload').click()
  await expect(attachment.getByText('site-survey.pdf is larger than the upload limit of 10 MB.')).toBeVisible()
  await pm.screenshot({ path: '/tmp/shots/upload-limit-size-en-US.png', fullPage: true })
  // In Chinese the refusal follows the language.
  await switchLanguage(pm, '中文', { save: false })
  await expect(attachment.getByText('site-survey.pdf 超过 10 MB 的上传上限。')).toBeVisible()
  await pm.screenshot({ path: '/tmp/shots/upload-limit-size-zh-CN.png', fullPage: true })
  await switchLanguage(pm, 'English', { save: false })
  await expect(attachment.getByText('site-survey.pdf is larger than the upload limit of 10 MB.')).toBeVisible()

  // Another form of the page (the conditions of contract): a type not allowed.
  const conditions = pm.getByTestId('upload-CONDITIONS')
  await conditions.locator('input[type=file]').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ binary') })
  await expect(conditions.getByText('setup.exe is not of a type that may be uploaded. Allowed types: pdf, docx, xlsx, jpg, png, dwg, zip.')).toBeVisible()
  await conditions.getByTestId('document-upload').click()
  await expect(conditions.getByText('setup.exe is not of a type that may be uploaded.', { exact: false })).toBeVisible()

  // The oversized file removed, 21 files chosen where 20 may go at once.
  await attachment.locator('.ant-upload-list-item').getByRole('button').click()
  await expect(attachment.locator('.ant-upload-list-item')).toHaveCount(0)
  const many = Array.from({ length: 21 }, (_, n) => ({ name: `sheet-${n + 1}.pdf`, mimeType: 'application/pdf', buffer: minimalPdf }))
  await attachment.locator('input[type=file]').setInputFiles(many)
  await expect(attachment.getByText('At most 20 files can be uploaded at once: 21 chosen. Remove some and upload the rest separately.')).toBeVisible()
  await attachment.getByTestId('document-upload').click()
  await expect(attachment.getByText('At most 20 files can be uploaded at once: 21 chosen.', { exact: false })).toBeVisible()
  await closeToasts(pm)
  expect(sent).toEqual([])

  // Within the limits the file goes.
  await conditions.locator('.ant-upload-list-item').getByRole('button').click()
  await conditions.locator('input[type=file]').setInputFiles({ name: 'site-conditions.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await conditions.getByTestId('document-upload').click()
  await expect(pm.getByTestId('conditions-documents')).toContainText('site-conditions.pdf')
  expect(sent).toHaveLength(1)
})

test('at phone width the refusal names the limit under the field', async ({ browser, db }) => {
  const tender = await createTender(db, { status: 'DRAFT' })
  const pm = await signedIn(browser, 'pm.hk')
  const attachment = await openAttachments(pm, tender)
  // The tab chosen at desktop width (a phone folds the tabs into a menu), then the phone's width.
  await pm.setViewportSize({ width: 390, height: 844 })
  await attachment.locator('input[type=file]').setInputFiles(oversized)
  await expect(attachment.getByText('site-survey.pdf is larger than the upload limit of 10 MB.')).toBeVisible()
  await attachment.getByText('site-survey.pdf is larger than the upload limit of 10 MB.').scrollIntoViewIfNeeded()
  await pm.screenshot({ path: '/tmp/shots/upload-limit-size-phone-en-US.png' })
})
