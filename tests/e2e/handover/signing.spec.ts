import { expect, test, type Browser, type Page } from '../fixtures'
import { closeToasts, networkQuiet, openedContexts, popconfirmOk, signedIn } from '../helpers'
import { settled, violations } from '../axe'
import { createHotb, createHotbItems, createHotbKeys } from '../../../backend/src/modules/handover/seeds/factories'

/*
 * Signing a handover in person and its sealed original (issue 31 §7): pm.hk opens the signing page
 * for ACME's representative, who reads what is signed on a tablet, draws a signature with the
 * mouse and signs; the link is then spent, and pm.hk's record page shows the signature at once (a
 * live event). The landlord's representative signs on a phone. pm.hk
 * completes the record, which seals it; the sealed PDF downloads and the public verify page calls
 * it a sealed original, while a copy with one byte changed is not. Screens at phone and tablet
 * width and the verify page in both languages go to /tmp/shots.
 */

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`

/** A window without an account (the signer's device, a stranger checking a PDF). */
async function anonymous(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport })
  openedContexts.add(context)
  return context.newPage()
}

/** Draws a signature on the pad with the mouse: a few strokes across it. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad')
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6)
  await page.mouse.down()
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + box.width * (0.15 + step * 0.05), box.y + box.height * (0.6 - Math.sin(step / 2) * 0.25), { steps: 3 })
  await page.mouse.up()
}

/** pm.hk opens a signing session for a party on the record page: the link's path. */
async function openSigning(pm: Page, party: 'TENANT' | 'LANDLORD') {
  await pm.getByTestId(`hotb-sign-${party}`).click()
  const link = pm.getByTestId('hotb-signing-open')
  await expect(link).toBeVisible()
  const path = (await link.getAttribute('href'))!
  expect(path).toMatch(/^\/sign\/hotb\/[A-Za-z0-9_-]{43}$/)
  await pm.locator('.ant-modal:visible .ant-modal-close').click()
  await expect(pm.locator('.ant-modal:visible')).toHaveCount(0)
  return path
}

/** Accessibility faults found on the public pages (axe), reported together at the end. */
const found: string[] = []

async function sign(page: Page, path: string, name: string, recordName: string, shot: string) {
  await page.goto(path)
  await expect(page.getByTestId('signing-record')).toContainText(recordName)
  await settled(page)
  found.push(...(await violations(page, `${shot} ${path}`)))
  await expect(page.getByTestId('signing-items')).toContainText('Carpet tiles')
  await expect(page.getByTestId('signing-keys')).toContainText('Main entrance door')
  // Submitting without a signature says so.
  await page.getByTestId('signer-name').fill(name)
  await page.getByTestId('signing-submit').click()
  await expect(page.getByText('Draw your signature.')).toBeVisible()
  await drawSignature(page)
  await page.screenshot({ path: `/tmp/shots/${shot}.png`, fullPage: true })
  await page.getByTestId('signing-submit').click()
  await expect(page.getByTestId('signing-done')).toBeVisible()
}

test('pm.hk has both parties sign in person, completes and seals the handover; the sealed PDF verifies and a tampered copy does not', async ({ browser, db }) => {
  test.setTimeout(240_000)
  const tenancyId = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId as number
  const pmId = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  const name = unique('ACME 22/F handover signed')
  const record = await createHotb(db, { tenancyId, type: 'HANDOVER', status: 'SCHEDULED', name, premises: ['22/F'], managedBy: pmId })
  await createHotbItems(db, record.id, [
    { section: 'floor', item: 'Carpet tiles', condition: 'Good', remarks: 'Clean' },
    { section: 'walls', item: 'Painted plaster walls', condition: 'Good' }
  ])
  await createHotbKeys(db, record.id, [{ item: 'Main entrance door', keys: 2, keysHandedOver: 2, accessCards: 4 }])

  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/handover-takeback/${record.id}`)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Scheduled')

  // The tenant's representative signs on a tablet; the link is spent after.
  const tenantLink = await openSigning(pm, 'TENANT')
  const tablet = await anonymous(browser, { width: 820, height: 1180 })
  await sign(tablet, tenantLink, 'Alice Chan', name, 'hotb-signing-tablet')
  // The record page hears of it at once: no reload, no return to the tab.
  const signatures = pm.getByTestId('hotb-signatures')
  await expect(signatures).toContainText('Alice Chan')
  await tablet.goto(tenantLink)
  await expect(tablet.getByTestId('signing-gone')).toBeVisible()

  // The landlord's representative signs on a phone.
  const landlordLink = await openSigning(pm, 'LANDLORD')
  const phone = await anonymous(browser, { width: 390, height: 844 })
  await sign(phone, landlordLink, 'Bob Lee', name, 'hotb-signing-phone')

  await expect(signatures).toContainText('Bob Lee')
  await expect(signatures).toContainText('Alice Chan')
  await pm.getByTestId('hotb-complete').click()
  await popconfirmOk(pm)
  await expect(pm.getByTestId('hotb-status')).toHaveText('Completed')
  await expect(pm.getByTestId('hotb-sign-TENANT')).toHaveCount(0)
  const sealedHash = (await pm.getByTestId('hotb-sealed-hash').textContent())!.trim()
  expect(sealedHash).toMatch(/^[0-9a-f]{64}$/)
  const [download] = await Promise.all([pm.waitForEvent('download'), pm.getByTestId('hotb-pdf-sealed').click()])
  const chunks: Buffer[] = []
  for await (const chunk of (await download.createReadStream())!) chunks.push(Buffer.from(chunk))
  const sealed = Buffer.concat(chunks)
  expect(sealed.subarray(0, 5).toString('latin1')).toBe('%PDF-')

  const checker = await anonymous(browser, { width: 1280, height: 900 })
  await checker.goto('/verify/hotb')
  await checker.getByTestId('verify-file').setInputFiles({ name: 'sealed.pdf', mimeType: 'application/pdf', buffer: sealed })
  await expect(checker.getByTestId('verify-sealed')).toContainText(name)
  await expect(checker.getByTestId('verify-sealed')).toContainText('Alice Chan')
  await expect(checker.getByTestId('verify-hash')).toHaveValue(sealedHash)
  await closeToasts(checker)
  await networkQuiet(checker)
  await checker.screenshot({ path: '/tmp/shots/hotb-verify-en-US.png', fullPage: true })
  await settled(checker)
  found.push(...(await violations(checker, '/verify/hotb')))

  const tampered = Buffer.from(sealed)
  tampered[Math.floor(tampered.length / 2)] ^= 1
  await checker.getByTestId('verify-file').setInputFiles({ name: 'tampered.pdf', mimeType: 'application/pdf', buffer: tampered })
  await expect(checker.getByTestId('verify-not-sealed')).toBeVisible()
  await expect(checker.getByTestId('verify-sealed')).toHaveCount(0)

  // The verify page in Chinese, checking the original again.
  await checker
    .locator('.ant-select')
    .filter({ hasText: /English|中文/ })
    .first()
    .click()
  await checker.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中文' }).click()
  await expect(checker.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await checker.getByTestId('verify-hash').fill(sealedHash)
  await checker.getByTestId('verify-check').click()
  await expect(checker.getByTestId('verify-sealed')).toContainText('签署正本')
  await checker.screenshot({ path: '/tmp/shots/hotb-verify-zh-CN.png', fullPage: true })
  expect(found, found.join('\n')).toEqual([])
})

test('the takeback’s signing page shows the tenant what it owes: each deteriorated item, its reason and amount, and the total', async ({ browser, db }) => {
  const tenancyId = (await db('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId as number
  const pmId = (await db('users').where({ username: 'pm.hk' }).first('id')).id as number
  const name = unique('ACME 22/F takeback signed')
  const record = await createHotb(db, { tenancyId, type: 'TAKEBACK', status: 'SCHEDULED', name, premises: ['22/F'], managedBy: pmId })
  await createHotbItems(db, record.id, [
    { section: 'floor', item: 'Carpet tiles', condition: 'Stained', handoverCondition: 'New', deteriorated: true, deductionCents: 180_000, deductionReason: 'Replace 12 tiles' },
    { section: 'walls', item: 'Painted plaster walls', condition: 'Good', handoverCondition: 'Good' },
    { section: 'entranceDoor', item: 'Glass door', condition: 'Cracked', handoverCondition: 'Good', deteriorated: true, deductionCents: 95_050, deductionReason: 'Replace the pane' }
  ])
  const pm = await signedIn(browser, 'pm.hk')
  await pm.goto(`/handover-takeback/${record.id}`)
  const link = await openSigning(pm, 'TENANT')
  const phone = await anonymous(browser, { width: 390, height: 844 })
  await phone.goto(link)
  const deductions = phone.getByTestId('signing-deductions')
  await expect(deductions).toContainText('Floor: Carpet tiles')
  await expect(deductions).toContainText('Replace the pane')
  await expect(deductions).not.toContainText('Painted plaster walls')
  await expect(deductions).toContainText('Total: HKD 2,750.50')
  await settled(phone)
  expect(await violations(phone, `takeback signing ${link}`)).toEqual([])
  await phone.screenshot({ path: '/tmp/shots/hotb-signing-takeback-phone.png', fullPage: true })
})
