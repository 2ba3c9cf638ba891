import { expect, test, type Page } from '../fixtures'
import { apiCall, apiLogin, modalOk, shotsInBothLanguages, signedIn } from '../helpers'
import { createHotb, createHotbItems } from '../../../backend/src/modules/handover/seeds/factories'
import { sampleJpeg, samplePng } from '../../../backend/src/modules/handover/seeds/sample-photos'
import { createTenancy, dayFromToday, tenantCompany } from '../../../backend/src/modules/tenancies/module'
import { createDeposit, createTenantProject } from '../../../backend/src/modules/tenant-projects/module'

/*
 * Photos and the then-and-now takeback as staff meet them (issue 31 §4, §5): pm.hk uploads two
 * pictures to a schedule item at once and sees them in the item's gallery, with the lightbox's
 * capture time and short SHA-256; on a takeback the handover's photo of the same item shows beside
 * the takeback's own; pm.hk marks the item deteriorated, turns it into a deduction, and the
 * deduction shows on the tenant project's deposit ledger. Each test builds its own records.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

/** The row of a schedule item in the open schedule tab. */
const rowOf = (page: Page, item: string) => page.locator('[data-testid^="hotb-section-"] tr', { hasText: item }).first()

test('pm.hk uploads two photos to an item and sees them in the gallery', async ({ browser, db }) => {
  test.setTimeout(120_000)
  const tenancyId = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId as number
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  const record = await createHotb(db, { tenancyId, premises: ['22/F'], status: 'SCHEDULED', managedBy: pm, name: unique('ACME photos handover') })
  const item = unique('Reception wall')
  await createHotbItems(db, record.id, [{ section: 'walls', item, condition: 'Good' }])

  const page = await signedIn(browser, 'pm.hk')
  await page.goto(`/handover-takeback/${record.id}?tabIndex=1`)
  const row = rowOf(page, item)
  await expect(row.getByTestId('hotb-photos-count')).toHaveText('0')
  await row.getByTestId('hotb-photos-input').setInputFiles([
    { name: 'wall.jpg', mimeType: 'image/jpeg', buffer: sampleJpeg({ width: 640, height: 480, from: [230, 200, 160], to: [120, 150, 200] }, '2026:11:30 09:15:00') },
    { name: 'wall-detail.png', mimeType: 'image/png', buffer: samplePng() }
  ])
  await expect(page.getByText('2 photos added.')).toBeVisible()
  await expect(row.getByTestId('hotb-photos-count')).toHaveText('2')
  await expect(row.getByTestId('hotb-photo-thumb')).toHaveCount(2)
  // Both pictures decoded in the browser, as thumbnails: the 640-pixel JPEG comes 240 wide.
  const widths = () => row.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth).sort((a, b) => a - b))
  await expect.poll(async () => (await widths()).filter((width) => width > 0).length).toBe(2)
  expect(Math.max(...(await widths()))).toBe(240)

  const jpeg = await db('hotb_photos').where({ hotbId: record.id }).whereNotNull('capturedAt').first('sha256')
  await row.getByTestId('hotb-photo-thumb').first().click()
  // The thumbnails are in upload order; the lightbox shows the JPEG (with its EXIF time) either way round.
  if (!(await page.getByTestId('hotb-photo-facts').textContent())?.includes('09:15')) await page.locator('.ant-image-preview-switch-right, .ant-image-preview-switch-next').first().click()
  const facts = page.getByTestId('hotb-photo-facts')
  await expect(facts).toContainText('Taken: 30 Nov 26, 09:15')
  await expect(facts).toContainText(`SHA-256: ${jpeg.sha256.slice(0, 8)}`)
  await expect(facts).toContainText('By')
  // The lightbox shows the picture itself, fetched when opened.
  await expect.poll(() => page.locator('.ant-image-preview-img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(640)
  await page.screenshot({ path: '/tmp/shots/hotb-photos-lightbox-en-US.png' })
  await page.keyboard.press('Escape')
  await expect(facts).toBeHidden()
  await shotsInBothLanguages(page, 'hotb-photos-gallery')
})

test('a takeback shows the handover’s photo beside its own; a deteriorated item turns into a deduction on the deposit ledger', async ({ browser, baseURL, db }) => {
  test.setTimeout(150_000)
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  const tenancyId = (
    await createTenancy(db, { companyId: await tenantCompany(db, unique('Then and now Ltd')), tradeName: unique('Then'), premises: [{ floor: '15/F', effectiveDate: dayFromToday(-400) }] })
  ).id
  const project = await createTenantProject(db, { tenancyId, projectName: unique('Fit-out'), status: 'COMPLETED', floors: ['15/F'], projectLocation: ['Office'] })
  await createDeposit(db, { projectId: project.id, amountCents: 5_000_000 })
  const item = unique('Curtain wall glazing')

  // The handover, photographed while scheduled (through the API, as the gallery does), then completed.
  const handover = await createHotb(db, { tenancyId, premises: ['15/F'], status: 'SCHEDULED', managedBy: pm, name: unique('Handover 15/F') })
  const [handoverItem] = await createHotbItems(db, handover.id, [{ section: 'windows', item, condition: 'Good' }])
  const accessToken = await apiLogin(baseURL!, 'pm.hk')
  const form = new FormData()
  form.append('ownerResource', 'hotb-schedule-items')
  form.append('ownerId', String(handoverItem.id))
  form.append('files', new Blob([new Uint8Array(sampleJpeg({ from: [150, 190, 220], to: [230, 240, 250] }, '2025:11:01 10:00:00'))], { type: 'image/jpeg' }), 'glazing-then.jpg')
  const uploaded = await fetch(`${baseURL}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` }, body: form })
  expect(uploaded.status).toBe(201)
  await apiCall(baseURL!, accessToken, 'POST', 'hotb-photos', { scheduleItemId: handoverItem.id, fileId: (await uploaded.json())[0].id })
  await db('hotb').where({ id: handover.id }).update({ status: 'COMPLETED', completedAt: new Date() })

  const takeback = await createHotb(db, { tenancyId, type: 'TAKEBACK', premises: ['15/F'], status: 'SCHEDULED', managedBy: pm, sourceHotbId: handover.id, name: unique('Takeback 15/F') })
  await createHotbItems(db, takeback.id, [{ section: 'windows', item, handoverCondition: 'Good' }])

  const page = await signedIn(browser, 'pm.hk')
  await page.goto(`/handover-takeback/${takeback.id}?tabIndex=1`)
  const row = rowOf(page, item)
  const then = row.getByTestId('hotb-handover-photos')
  await expect(then.getByTestId('hotb-handover-photos-count')).toHaveText('1')
  await expect.poll(() => then.locator('img').evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length)).toBe(1)
  await row.getByTestId('hotb-photos-input').setInputFiles([{ name: 'glazing-now.jpg', mimeType: 'image/jpeg', buffer: sampleJpeg({ from: [120, 140, 150], to: [200, 150, 120] }) }])
  await expect(row.getByTestId('hotb-photos-count')).toHaveText('1')

  await row.getByTestId('hotb-deterioration-mark').click()
  await page.getByTestId('hotb-deterioration-amount').fill('1234.56')
  await page.getByTestId('hotb-deterioration-reason').fill('Cracked north pane')
  await modalOk(page)
  await expect(row.getByTestId('hotb-deteriorated-tag')).toContainText('1,234.56')
  const panel = page.getByTestId('hotb-deteriorated')
  await expect(panel.locator('tr', { hasText: item })).toBeVisible()
  await expect(panel.getByTestId('hotb-deteriorated-then-count')).toHaveText('1')
  await expect(panel.getByTestId('hotb-deteriorated-now-count')).toHaveText('1')
  await shotsInBothLanguages(page, 'hotb-then-and-now')
  await panel.getByRole('checkbox', { name: item }).check()
  await panel.getByTestId('hotb-deductions-turn').click()
  await expect(panel.getByTestId('hotb-deducted-tag')).toBeVisible()

  await page.goto(`/tenant-projects/${project.id}?tabIndex=4`)
  const control = page.getByTestId('project-control')
  await expect(control.getByTestId('ledger-deducted')).toHaveText('HKD 1,234.56')
  await expect(control).toContainText(`${item}: Cracked north pane`)
})
