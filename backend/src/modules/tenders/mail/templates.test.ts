import { describe, expect, it } from 'vitest'
import { languages } from '../../../i18n/messages.js'
import { renderTemplate, templateNames } from '../../../mail/templates.js'
import type { MailTemplateData } from '../../../mail/templates.js'
import { modules } from '../../index.js'
import { installModules } from '../../registry.js'

// The rules and catalogues read the installed modules: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

const tender = { prNumber: 'PR-ES-0042', description: 'Lift maintenance <2027>', closingAt: '2027-01-15 12:00 (UTC+08:00)', link: 'https://portal.example.com/tender/42?a=1&b=2' }
const typed: { [K in keyof MailTemplateData & `tender.${string}`]: MailTemplateData[K] } = {
  'tender.invitation': tender,
  'tender.extension': { ...tender, reason: 'Site access delayed' },
  'tender.approval-request': { ...tender, approverName: 'Amy Approver' },
  'tender.approval-result': { ...tender, result: { 'en-US': 'approved', 'zh-CN': '已批准' } },
  'tender.extension-staff': { ...tender, reason: 'Site access delayed' },
  'tender.bid-submitted': { ...tender, companyName: 'Alpha Engineering Ltd', submittedAt: '2027-01-10 09:00', receiptDigest: 'ab12' },
  'tender.bid-declined': { ...tender, companyName: 'Beta Builders Ltd', reason: 'Fully booked this quarter' },
  'tender.award': tender,
  'tender.regret': tender,
  'tender.query': { ...tender, question: 'Which brand?', queryClosingAt: '2027-01-20 12:00' },
  'tender.query-response': { ...tender, companyName: 'Alpha Engineering Ltd' },
  'tender.addendum': { ...tender, version: 2, comment: 'Quantities changed' }
}

/** The same data, as the renderer takes it. */
const samples = typed as unknown as Record<keyof typeof typed, Record<string, unknown>>

describe('tender mails', () => {
  it('are the templates of the module catalogue, every one with sample data here', () => {
    expect(templateNames().filter((name) => name.startsWith('tender.'))).toEqual(Object.keys(samples).sort())
  })

  it.each(Object.keys(samples))('%s renders in both languages with every value filled in, escaped only in HTML', (name) => {
    const data = samples[name as keyof typeof samples]
    const [english, chinese] = languages.map((language) => renderTemplate(name, language, data))
    for (const mail of [english, chinese]) {
      for (const part of [mail.subject, mail.html, mail.text]) expect(part).not.toMatch(/\{\{|\}\}/)
      expect(mail.subject).toContain('PR-ES-0042')
      expect(mail.text).toContain('https://portal.example.com/tender/42?a=1&b=2')
      expect(mail.html).toContain('https://portal.example.com/tender/42?a=1&amp;b=2')
      expect(mail.html).not.toContain('<2027>')
    }
    expect(english.subject).toMatch(/^[\x20-\x7e]+$/)
    expect(chinese.subject).toMatch(/[\u4e00-\u9fff]/)
    expect(chinese.text).toMatch(/[\u4e00-\u9fff]/)
  })

  it('titles the decline mail as a declined invitation in both languages, not as a withdrawn bid', () => {
    const data = samples['tender.bid-declined']
    const english = renderTemplate('tender.bid-declined', 'en-US', data)
    const chinese = renderTemplate('tender.bid-declined', 'zh-CN', data)
    expect(english.subject).toBe('Invitation declined: PR-ES-0042')
    expect(chinese.subject).toBe('投标邀请已被谢绝：PR-ES-0042')
    expect(english.text).toContain('Beta Builders Ltd declined the invitation to tender')
    expect(english.text).toContain('Fully booked this quarter')
    expect(chinese.text).toContain('Beta Builders Ltd 已谢绝')
    // Its own subject: no other tender mail is titled the same way in either language.
    for (const language of languages) {
      const declined = renderTemplate('tender.bid-declined', language, data).subject
      for (const name of Object.keys(samples).filter((other) => other !== 'tender.bid-declined')) {
        expect(renderTemplate(name, language, samples[name as keyof typeof samples]).subject).not.toBe(declined)
      }
      expect(declined).not.toMatch(/withdraw|撤回/i)
    }
  })
})
