import { describe, expect, it } from 'vitest'
import { languages } from '../i18n/messages.js'
import { fieldsUsed, templateTextProblem } from './template-text.shared.js'
import { modules } from '../modules/index.js'
import { installModules, serverModules } from '../modules/registry.js'
import { catalogueTemplate, platformTemplates, renderTemplate, templateFields, templateNames } from './templates.js'

// The templates read the installed modules: this file is its own composition root.
installModules(modules)

/** The catalogues' templates: the platform's and every module's (a test elsewhere may register more in a shared worker). */
const catalogueNames = () => [...Object.keys(platformTemplates), ...serverModules().flatMap((module) => Object.keys(module.messages?.['en-US']?.mail ?? {}))]

const fields = ['displayName', 'link', 'result.en-US']

describe('the check of a template text an administrator writes (issue 27 item 19)', () => {
  it('passes placeholders of the template fields, spaced or not, and plain braces', () => {
    expect(templateTextProblem('Dear {{displayName}}, see {{ link }}.', fields)).toBeUndefined()
    expect(templateTextProblem('Result: {{result.en-US}} {a} }x{', fields)).toBeUndefined()
    expect(templateTextProblem('No placeholders at all', fields)).toBeUndefined()
  })

  it('refuses a field the template does not have, naming it', () => {
    expect(templateTextProblem('Dear {{displayName}} of {{companyName}}', fields)).toEqual({ code: 'MAIL_TEMPLATE_UNKNOWN_FIELD', field: 'companyName' })
    expect(templateTextProblem('{{result.zh-CN}}', fields)).toEqual({ code: 'MAIL_TEMPLATE_UNKNOWN_FIELD', field: 'result.zh-CN' })
  })

  it('refuses unbalanced or malformed placeholders, saying where', () => {
    expect(templateTextProblem('Dear {{displayName', fields)).toEqual({ code: 'MAIL_TEMPLATE_UNBALANCED', near: '{{displayName' })
    expect(templateTextProblem('Dear displayName}} now', fields)).toEqual({ code: 'MAIL_TEMPLATE_UNBALANCED', near: '}} now' })
    expect(templateTextProblem('{{{displayName}}}', fields)?.code).toBe('MAIL_TEMPLATE_UNBALANCED')
    expect(templateTextProblem('{{}}', fields)?.code).toBe('MAIL_TEMPLATE_UNBALANCED')
    // i18next's unescaped form and formats would let a value through unescaped: refused.
    expect(templateTextProblem('{{- link}}', fields)?.code).toBe('MAIL_TEMPLATE_UNBALANCED')
    expect(templateTextProblem('{{link, uppercase}}', fields)?.code).toBe('MAIL_TEMPLATE_UNBALANCED')
    expect(templateTextProblem('{{link}} and {{displayName}', fields)?.code).toBe('MAIL_TEMPLATE_UNBALANCED')
  })

  it('lists the fields a text uses, once each', () => {
    expect(fieldsUsed('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b'])
  })
})

describe('the fields of every template', () => {
  it('are given for every template, and the catalogue texts use only them, in every language', () => {
    expect(catalogueNames().length).toBeGreaterThan(25)
    expect(templateNames()).toEqual(expect.arrayContaining(catalogueNames()))
    for (const name of catalogueNames()) {
      expect(templateFields(name).length, name).toBeGreaterThan(0)
      for (const language of languages) {
        const text = catalogueTemplate(name, language)!
        expect(text.label, `${name} ${language} label`).not.toBe(name)
        for (const part of [text.subject, text.body]) expect(templateTextProblem(part, templateFields(name)), `${name} ${language}`).toBeUndefined()
      }
    }
  })
})

describe('a saved text, rendered by the mailer renderer', () => {
  it('fills its fields with the values escaped, and its own text escaped as well', () => {
    const mail = renderTemplate(
      'account.locked-by-admin',
      'en-US',
      { displayName: '<img src=x onerror=alert(1)>' },
      { subject: 'Locked: {{displayName}}', body: '<b>Hello</b> {{displayName}}\n\nBye' }
    )
    expect(mail.subject).toBe('Locked: <img src=x onerror=alert(1)>')
    expect(mail.html).toContain('<p>&lt;b&gt;Hello&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;</p>\n<p>Bye</p>')
    expect(mail.html).not.toContain('<img')
    expect(mail.text).toMatch(/^<b>Hello<\/b> <img src=x onerror=alert\(1\)>\n\nBye\n\n--\n/)
    // The catalogue text is untouched by a saved one.
    expect(renderTemplate('account.locked-by-admin', 'en-US', { displayName: 'Ann' }).subject).not.toContain('Locked:')
  })
})
