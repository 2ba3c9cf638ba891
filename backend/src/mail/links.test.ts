import { feathers } from '@feathersjs/feathers'
import { describe, expect, it } from 'vitest'
import type { Application } from '../declarations.js'
import { mailBase, mailLink } from './links.js'

function appWith(publicUrl = '', origins: string[] = ['http://localhost:3030']): Application {
  const app = feathers() as unknown as Application
  app.set('publicUrl', publicUrl)
  app.set('port', 4321)
  app.set('authentication', { oauth: { origins } } as any)
  return app
}

const signedIn = { user: { id: 1 } as any }

describe('mail links', () => {
  it('start with PUBLIC_URL when it is set, whatever the request says', () => {
    const app = appWith('https://portal.example.com/')
    expect(mailLink(app, { headers: { host: 'evil.example' }, ...signedIn }, '/pub/resetpwd', { token: 'a b&c' })).toBe('https://portal.example.com/pub/resetpwd?token=a+b%26c')
    expect(mailLink(app, undefined, '/vendors/tenders')).toBe('https://portal.example.com/vendors/tenders')
  })

  it('without PUBLIC_URL, take the origin of a signed-in caller’s request (Origin, else Host)', () => {
    const app = appWith()
    expect(mailBase(app, { headers: { origin: 'https://hk.portal.example.com', host: 'internal:3030' }, ...signedIn })).toBe('https://hk.portal.example.com')
    expect(mailBase(app, { headers: { host: 'portal.internal:8080' }, ...signedIn })).toBe('http://portal.internal:8080')
    expect(mailBase(app, { headers: { host: 'portal.internal', 'x-forwarded-proto': 'https' }, ...signedIn })).toBe('https://portal.internal')
  })

  it('trust an anonymous request’s origin only when it is a loopback or configured origin', () => {
    const app = appWith('', ['https://portal.example.com'])
    expect(mailBase(app, { headers: { host: '127.0.0.1:5555' } })).toBe('http://127.0.0.1:5555')
    expect(mailBase(app, { headers: { origin: 'https://portal.example.com' } })).toBe('https://portal.example.com')
    // A forged Host on a password reset must not put the victim's token on another site.
    expect(mailBase(app, { headers: { host: 'evil.example' } })).toBe('http://localhost:4321')
    expect(mailBase(app, { headers: { origin: 'https://evil.example', host: '127.0.0.1' } })).toBe('http://localhost:4321')
  })

  it('use the origin recorded with a job, else http://localhost:<port>', () => {
    const app = appWith()
    expect(mailBase(app, { mailOrigin: 'https://sg.portal.example.com' })).toBe('https://sg.portal.example.com')
    expect(mailBase(app, {})).toBe('http://localhost:4321')
    expect(mailLink(app, undefined, 'tender/7')).toBe('http://localhost:4321/tender/7')
  })
})
