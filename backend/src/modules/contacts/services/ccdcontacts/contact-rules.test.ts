import { describe, expect, it } from 'vitest'
import { checkChannels, duplicateReasons, findDuplicates, searchTextOf } from './contact-rules.shared.js'

const phone = (value: string, extra = {}) => ({ kind: 'PHONE' as const, type: 'MOBILE', value, ...extra })
const email = (value: string, extra = {}) => ({ kind: 'EMAIL' as const, type: 'WORK', value, ...extra })

describe('contact entries (spec §5 Contacts)', () => {
  it('normalises, numbers priorities per kind and keeps one primary', () => {
    const { channels, problems } = checkChannels([email('A@X.com'), phone('9123 4567'), phone('+852 2123 4567', { isPrimary: true }), email('b@x.com', { priority: 1 })], 'HK')
    expect(problems).toEqual([])
    expect(channels.map((c) => [c.kind, c.normalized, c.priority, c.isPrimary])).toEqual([
      ['PHONE', '+85291234567', 1, false],
      ['PHONE', '+85221234567', 2, true],
      ['EMAIL', 'b@x.com', 1, true],
      ['EMAIL', 'a@x.com', 2, false]
    ])
  })

  it('finds two phone numbers of one contact that are one number, in any spelling', () => {
    const { problems } = checkChannels([phone('+852 9123 4567'), phone('852-9123-4567')], 'HK')
    expect(problems).toEqual([{ code: 'PHONES_SAME', index: 1, value: '852-9123-4567' }])
    expect(checkChannels([phone('91234567'), email('a@x.com'), email('A@x.com ')], 'HK').problems).toEqual([{ code: 'EMAILS_SAME', index: 2, value: 'A@x.com' }])
  })

  it('requires a local phone and valid entries', () => {
    expect(checkChannels([email('a@x.com')], 'HK').problems).toEqual([{ code: 'LOCAL_PHONE_REQUIRED', country: 'HK' }])
    expect(checkChannels([phone('+65 6123 4567')], 'HK').problems).toEqual([{ code: 'LOCAL_PHONE_REQUIRED', country: 'HK' }])
    expect(checkChannels([phone('+65 6123 4567')], 'SG').problems).toEqual([])
    expect(checkChannels([phone('12'), email('not-mail'), phone('91234567')], 'HK').problems.map((p) => p.code)).toEqual(['PHONE_INVALID', 'EMAIL_INVALID'])
    expect(checkChannels([email('a@x.com;b@x.com'), phone('91234567')], 'HK').problems.map((p) => p.code)).toEqual(['EMAIL_INVALID'])
  })
})

describe('duplicate candidates', () => {
  const mary = {
    id: 1,
    firstName: 'Mary',
    lastName: 'Lee',
    companyId: 7,
    channels: [
      { kind: 'PHONE' as const, normalized: '+85291234567' },
      { kind: 'EMAIL' as const, normalized: 'mary@x.com' }
    ]
  }

  it('names a shared phone, a shared e-mail and the same name in the same company', () => {
    expect(duplicateReasons({ firstName: 'M', lastName: 'L', companyId: 1, channels: [{ kind: 'PHONE', normalized: '+85291234567' }] }, mary)).toEqual(['PHONE'])
    expect(duplicateReasons({ channels: [{ kind: 'EMAIL', normalized: 'mary@x.com' }] }, mary)).toEqual(['EMAIL'])
    expect(duplicateReasons({ firstName: ' mary ', lastName: 'LEE', companyId: 7 }, mary)).toEqual(['NAME'])
    expect(duplicateReasons({ firstName: 'Mary', lastName: 'Lee', companyId: 8 }, mary)).toEqual([])
  })

  it('never counts the contact itself', () => {
    expect(findDuplicates({ ...mary }, [mary])).toEqual([])
    expect(findDuplicates({ ...mary, id: 2 }, [mary]).map((hit) => hit.reasons)).toEqual([['PHONE', 'EMAIL', 'NAME']])
  })

  it('searches by name, company, e-mail and phone in its spellings', () => {
    const text = searchTextOf({ firstName: 'Mary', lastName: 'Lee', companyName: 'ACME', channels: [{ kind: 'PHONE', type: 'MOBILE', value: '91234567', normalized: '+85291234567' }] })
    for (const fragment of ['mary', 'acme', '9123 4567', '91234567', '+852']) expect(text).toContain(fragment)
  })
})
