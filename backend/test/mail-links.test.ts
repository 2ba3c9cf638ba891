import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

// Every link a mail carries is absolute (mail/links.ts): on PUBLIC_URL when set, else on the
// origin of the request that caused the mail, never on a forged one.

let server: TestServer
let adminToken: string
beforeAll(async () => {
  server = await startTestServer()
  adminToken = (await server.login('admin')).accessToken
})
afterAll(async () => {
  server?.app.set('publicUrl', '')
  await server?.stop()
})

const lastMail = (template: string, address: string) =>
  server
    .knex('mail_messages')
    .where({ template })
    .whereRaw('"to" @> ?::jsonb', [JSON.stringify([address])])
    .orderBy('id', 'desc')
    .first()

/** Every http(s) link or bare path link of a mail's text and html. */
const linksOf = (mail: any) =>
  [...`${mail.text}\n${mail.html}`.matchAll(/(?:href="|\s)((?:https?:\/\/[^\s"</]+)?\/(?:pub|vendors|tender)\/?[^\s"<]*)/g)].map((match) => match[1].replace(/&amp;/g, '&'))

describe('mail links', () => {
  it('without PUBLIC_URL: reset, unlock and invitation links on the request’s own origin', async () => {
    server.app.set('publicUrl', '')
    expect((await server.api(null, 'POST', '/v1/password-resets', { username: 'vendor.beta' })).status).toBe(201)
    // The link is mailed after the answer (issue 27 item 9).
    await server.app.service('password-resets').settled()
    const reset = await lastMail('password.reset', 'vendor.beta@example.com')
    expect(linksOf(reset).length).toBeGreaterThan(0)
    for (const link of linksOf(reset)) expect(link).toMatch(new RegExp(`^${server.url}/pub/resetpwd\\?token=`))

    await server.knex('users').where({ username: 'accounting.hk' }).update({ lockedAt: new Date() })
    expect((await server.api(null, 'POST', '/v1/unlock-requests', { username: 'accounting.hk' })).status).toBe(201)
    const unlock = await lastMail('account.unlock', 'accounting.hk@example.com')
    for (const link of linksOf(unlock)) expect(link).toMatch(new RegExp(`^${server.url}/pub/confirm-unlock\\?token=`))

    const created = await server.api(
      adminToken,
      'POST',
      '/hk/v1/users',
      { username: 'linked.one', email: 'linked.one@example.com', displayName: 'Linked One', userType: 521 },
      { origin: 'https://hk.portal.example.com' }
    )
    expect(created.status).toBe(201)
    const invite = await lastMail('account.invite', 'linked.one@example.com')
    // A signed-in administrator's page is where the request came from.
    for (const link of linksOf(invite)) expect(link).toMatch(/^https:\/\/hk\.portal\.example\.com\/pub\/resetpwd\?token=[^&]+&invite=1$/)
  })

  it('without PUBLIC_URL: an anonymous request from an unknown origin gets no link to it', async () => {
    expect((await server.api(null, 'POST', '/v1/password-resets', { username: 'tenant.acme' }, { origin: 'https://evil.example' })).status).toBe(201)
    await server.app.service('password-resets').settled()
    const reset = await lastMail('password.reset', 'tenant.acme@example.com')
    expect(reset.text).not.toContain('evil.example')
    expect(linksOf(reset).length).toBeGreaterThan(0)
    for (const link of linksOf(reset)) expect(link).toMatch(/^http:\/\/localhost:\d+\/pub\/resetpwd\?token=/)
  })

  it('with PUBLIC_URL: every link on it, tender notices too', async () => {
    server.app.set('publicUrl', 'https://portal.example.com')
    expect((await server.api(null, 'POST', '/v1/password-resets', { username: 'approver.hk' }, { origin: 'https://evil.example' })).status).toBe(201)
    await server.app.service('password-resets').settled()
    const reset = await lastMail('password.reset', 'approver.hk@example.com')
    expect(linksOf(reset).length).toBeGreaterThan(0)
    for (const link of linksOf(reset)) expect(link).toMatch(/^https:\/\/portal\.example\.com\/pub\/resetpwd\?token=/)

    const tender = await server.knex('tenders').where({ prNumber: 'PR-ES-0003' }).first()
    const extended = await server.api(
      adminToken,
      'POST',
      '/v1/tenders',
      { id: tender.id, closingAt: new Date(Date.now() + 20 * 86_400_000).toISOString(), reason: 'More time', updatedAt: tender.updatedAt },
      { 'x-service-method': 'extend' }
    )
    expect(extended.status).toBe(200)
    const notices = await server.knex('mail_messages').whereIn('template', ['tender.extension', 'tender.extension-staff']).orderBy('id')
    expect(notices.length).toBeGreaterThan(0)
    for (const notice of notices) {
      expect(linksOf(notice).length).toBeGreaterThan(0)
      for (const link of linksOf(notice)) expect(link).toMatch(/^https:\/\/portal\.example\.com\/(vendors\/tenders|tender\/)/)
    }
  })
})
