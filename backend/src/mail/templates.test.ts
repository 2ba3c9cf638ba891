import { describe, expect, it } from 'vitest'
import { languages } from '../i18n/messages.js'
import { escapeHtml, hasTemplate, platformTemplates, registerTemplates, renderTemplate, templateNames } from './templates.js'

const samples: Record<string, Record<string, unknown>> = {
  'account.invite': { displayName: 'Ann Lee', username: 'ann', link: 'https://portal.example.com/pub/resetpwd?token=abc&invite=1' },
  'account.unlock': { displayName: 'Ann Lee', link: 'https://portal.example.com/pub/unlock?token=abc' },
  'password.reset': { displayName: 'Ann Lee', link: 'https://portal.example.com/pub/resetpwd?token=abc' },
  'auth.code': { displayName: 'Ann Lee', code: '042917', minutes: 10 },
  'account.locked-by-admin': { displayName: 'Ann Lee' },
  'account.unlocked': { displayName: 'Ann Lee' }
}

describe('platform templates', () => {
  it('are all registered', () => {
    for (const name of Object.keys(platformTemplates)) expect(hasTemplate(name)).toBe(true)
    expect(templateNames()).toEqual(expect.arrayContaining(Object.keys(samples)))
  })

  it.each(Object.keys(samples))('%s renders in both languages with every value filled in', (name) => {
    const rendered = languages.map((language) => renderTemplate(name, language, samples[name]))
    for (const mail of rendered) {
      for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\{\{|\}\}/)
      expect(mail.subject).not.toMatch(/\n/)
      expect(mail.text).toContain('Ann Lee')
      expect(mail.html).toContain('Ann Lee')
    }
    const [english, chinese] = rendered
    expect(english.html).toContain('<html lang="en-US">')
    expect(chinese.html).toContain('<html lang="zh-CN">')
    expect(english.subject).toMatch(/^[\x20-\x7e]+$/)
    expect(chinese.subject).toMatch(/[\u4e00-\u9fff]/)
    expect(chinese.text).toMatch(/[\u4e00-\u9fff]/)
    expect(english.text).toContain('Please do not reply')
    expect(chinese.text).toContain('请勿直接回复')
  })

  it('puts the link into the invite in both the href and the text, escaped only in HTML', () => {
    const link = samples['account.invite'].link as string
    const mail = renderTemplate('account.invite', 'en-US', samples['account.invite'])
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`)
    expect(mail.html).not.toContain('token=abc&invite')
    expect(mail.text).toContain(link)
    expect(mail.text).toContain('Your username is ann.')
  })

  it('shows the code and its validity in minutes', () => {
    expect(renderTemplate('auth.code', 'en-US', samples['auth.code']).text).toContain('042917')
    expect(renderTemplate('auth.code', 'en-US', samples['auth.code']).text).toContain('valid for 10 minutes')
    expect(renderTemplate('auth.code', 'zh-CN', samples['auth.code']).text).toContain('验证码 10 分钟内有效')
  })
})

describe('renderTemplate', () => {
  registerTemplates({
    'test.escape': {
      'en-US': { subject: 'Hello {{name}}', html: '<p>{{ name }} wrote: {{note}}</p><p>{{company.name}}</p>', text: '{{name}} wrote: {{note}} ({{company.name}})' },
      'zh-CN': { subject: '你好 {{name}}', html: '<p>{{name}} 写道：{{note}}</p><p>{{company.name}}</p>', text: '{{name}} 写道：{{note}}（{{company.name}}）' }
    }
  } as any)
  const data = { name: 'Tom & "Jerry"', note: "<script>alert('x')</script>", company: { name: 'A<B> Ltd' } }

  it('escapes values in the HTML part and leaves the text part and the subject plain', () => {
    const mail = renderTemplate('test.escape', 'en-US', data)
    expect(mail.subject).toBe('Hello Tom & "Jerry"')
    expect(mail.html).toContain('<p>Tom &amp; &quot;Jerry&quot; wrote: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</p>')
    expect(mail.html).toContain('<p>A&lt;B&gt; Ltd</p>')
    expect(mail.html).not.toContain('<script>')
    expect(mail.text.startsWith(`Tom & "Jerry" wrote: <script>alert('x')</script> (A<B> Ltd)`)).toBe(true)
    // The subject is escaped in the HTML title too.
    expect(mail.html).toContain('<title>Hello Tom &amp; &quot;Jerry&quot;</title>')
  })

  it('escapes in Chinese as in English', () => {
    const mail = renderTemplate('test.escape', 'zh-CN', data)
    expect(mail.subject).toBe('你好 Tom & "Jerry"')
    expect(mail.html).toContain('<p>Tom &amp; &quot;Jerry&quot; 写道：&lt;script&gt;')
    expect(mail.text).toContain('（A<B> Ltd）')
  })

  it('keeps the subject on one line whatever the data holds', () => {
    expect(renderTemplate('test.escape', 'en-US', { ...data, name: 'a\r\nBcc: x@y.com' }).subject).toBe('Hello a Bcc: x@y.com')
  })

  it('takes any zh language as zh-CN and anything else as en-US', () => {
    expect(renderTemplate('test.escape', 'zh-HK', data).subject).toMatch(/^你好/)
    expect(renderTemplate('test.escape', 'fr-FR', data).subject).toMatch(/^Hello/)
  })

  it('fills numbers, zero and dates', () => {
    const mail = renderTemplate('test.escape', 'en-US', { name: 0, note: new Date('2026-01-02T03:04:05Z'), company: { name: 12.5 } })
    expect(mail.subject).toBe('Hello 0')
    expect(mail.text).toContain('0 wrote: 2026-01-02T03:04:05.000Z (12.5)')
  })

  it('refuses a missing value rather than mailing a placeholder', () => {
    expect(() => renderTemplate('test.escape', 'en-US', { name: 'x', company: { name: 'y' } })).toThrow(/needs the value note/)
    expect(() => renderTemplate('test.escape', 'en-US', { name: 'x', note: null, company: {} })).toThrow(/needs the value note/)
    expect(() => renderTemplate('account.invite', 'en-US', { displayName: 'x', username: 'y' })).toThrow(/needs the value link/)
  })

  it('refuses an unknown template', () => {
    expect(() => renderTemplate('no.such', 'en-US', {})).toThrow(/no mail template no.such/)
  })
})

describe('registerTemplates', () => {
  it('refuses a template without both languages', () => {
    expect(() => registerTemplates({ 'test.half': { 'en-US': { subject: 's', html: 'h', text: 't' } } } as any)).toThrow(/no zh-CN version/)
    expect(hasTemplate('test.half')).toBe(false)
  })

  it('refuses a second template under a taken name and accepts the same one again', () => {
    expect(() => registerTemplates(platformTemplates)).not.toThrow()
    const other = { 'en-US': { subject: 's', html: 'h', text: 't' }, 'zh-CN': { subject: 's', html: 'h', text: 't' } }
    expect(() => registerTemplates({ 'account.invite': other })).toThrow(/registered twice/)
  })
})

describe('escapeHtml', () => {
  it('escapes the five special characters and nothing else', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a> 中文`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt; 中文')
  })
})
