import { expect, test } from '../fixtures'
import { closeToasts, networkQuiet, shotsInBothLanguages, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createHotb } from '../../../backend/src/modules/handover/seeds/factories'

/*
 * The documents of a handover (spec hotb §3 `docIds`, `attachments`; §4 "a signed or unsigned
 * document may be uploaded on a scheduled record"): pm.hk uploads the signed document on a
 * scheduled record from its page; the tenant sees it on its own page of the record, live, and
 * downloads the same bytes (on a phone). The record is built by the module's factory. Screens in
 * both languages and at a phone's width go to /tmp/shots.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`
const signedPdf = Buffer.from('%PDF-1.4\n% ACME handover, signed by both parties\n%%EOF\n')

test('pm.hk uploads the signed document on a scheduled handover; the tenant sees and downloads it', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const tenancyId = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId as number
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  const record = await createHotb(db, { tenancyId, premises: ['22/F'], status: 'SCHEDULED', managedBy: pm, name: unique('ACME signed handover') })

  // The tenant follows on a phone.
  const tenant = await signedIn(browser, 'tenant.acme', { width: 390, height: 844 })
  await tenant.goto(`/tenants/handover-takeback/${record.id}`)
  const theirs = tenant.getByTestId('hotb-documents')
  await expect(theirs).toContainText('No documents yet.')
  // The tenant reads, and is offered no upload.
  await expect(theirs.getByTestId('hotb-document-upload')).toHaveCount(0)

  const page = await signedIn(browser, 'pm.hk')
  await page.goto(`/handover-takeback/${record.id}`)
  const documents = page.getByTestId('hotb-documents')
  await expect(documents).toContainText('No documents yet.')
  // A scheduled record offers the signed document first; the attachment is there too.
  await expect(documents.getByRole('combobox', { name: 'Document type' })).toBeVisible()
  await documents.getByTestId('hotb-document-kind-select').click()
  await expect(page.locator('.ant-select-dropdown:visible').getByText('Attachment', { exact: true })).toBeVisible()
  await page.locator('.ant-select-dropdown:visible').getByText('Signed document', { exact: true }).click()
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), documents.getByTestId('hotb-document-upload').click()])
  await chooser.setFiles({ name: 'signed-handover.pdf', mimeType: 'application/pdf', buffer: signedPdf })
  await expect(page.getByText('Document uploaded.')).toBeVisible()
  await expect(documents.getByTestId('hotb-document')).toHaveCount(1)
  await expect(documents.getByTestId('hotb-document-kind')).toHaveText('Signed document')
  // The section's controls are labelled (the type select, the remove button) for screen readers.
  await settled(page)
  const found = await violations(page, 'pm.hk hotb documents', '[data-testid="hotb-documents"]')
  expect(found, found.join('\n')).toEqual([])

  // The tenant's page shows it without a reload (live), and the download is the same file.
  await expect(theirs.getByTestId('hotb-document-download')).toHaveText('signed-handover.pdf')
  await expect(theirs.getByTestId('hotb-document-kind')).toHaveText('Signed document')
  await expect(theirs.getByTestId('hotb-document-remove')).toHaveCount(0)
  const [download] = await Promise.all([tenant.waitForEvent('download'), theirs.getByTestId('hotb-document-download').click()])
  expect(download.suggestedFilename()).toBe('signed-handover.pdf')
  const chunks: Buffer[] = []
  for await (const chunk of (await download.createReadStream())!) chunks.push(Buffer.from(chunk))
  expect(Buffer.concat(chunks).equals(signedPdf)).toBe(true)
  await closeToasts(tenant)
  await networkQuiet(tenant)
  await theirs.screenshot({ path: '/tmp/shots/hotb-documents-tenant-phone.png' })
  await shotsInBothLanguages(page, 'hotb-documents')
})
