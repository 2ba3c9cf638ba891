import { expect, test } from '../fixtures'
import { createTender } from '../../../backend/src/modules/tenders/seeds/factories'
import { minimalPdf, signedIn } from '../helpers'

/*
 * A tender's attachments update live for everyone who reads the tender: pm.hk, its person in
 * charge, uploads a drawing to a draft of its own; admin, who has the same tender open, sees it
 * appear without reloading, and sees it go when pm.hk removes it.
 */

test('an attachment uploaded and removed by the person in charge appears and goes on another reader’s open screen', async ({ browser, db }) => {
  const { id, prNumber } = await createTender(db, { status: 'DRAFT' })
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/tender/edit/${id}`)
  await expect(pm.getByText(prNumber).first()).toBeVisible()
  await pm.getByRole('tab', { name: 'Attachments' }).click()

  const admin = await signedIn(browser, 'admin')
  await admin.goto(`/tender/${id}`)
  await admin.getByRole('tab', { name: 'Attachments' }).click()
  await expect(admin.getByTestId('attachment-documents')).not.toContainText('live-drawing.pdf')

  const upload = pm.getByTestId('upload-ATTACHMENT')
  await upload.locator('input[type=file]').setInputFiles({ name: 'live-drawing.pdf', mimeType: 'application/pdf', buffer: minimalPdf })
  await upload.getByTestId('document-upload').click()
  await expect(pm.getByTestId('attachment-documents')).toContainText('live-drawing.pdf')
  await expect(admin.getByTestId('attachment-documents')).toContainText('live-drawing.pdf')

  await pm
    .getByTestId('attachment-documents')
    .locator('tr', { hasText: 'live-drawing.pdf' })
    .getByRole('button', { name: /remove|delete/i })
    .click()
  await pm
    .locator('.ant-popover:visible')
    .getByRole('button', { name: /yes|ok|remove|delete/i })
    .click()
  await expect(pm.getByTestId('attachment-documents')).not.toContainText('live-drawing.pdf')
  await expect(admin.getByTestId('attachment-documents')).not.toContainText('live-drawing.pdf')
})
