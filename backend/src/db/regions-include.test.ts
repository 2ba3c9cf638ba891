import { describe, expect, it } from 'vitest'
import { regionsInclude } from './regions-include.js'

describe('the condition that an array of regions holds one', () => {
  it('writes a region code into the SQL', () => {
    expect(regionsInclude('users.regions', 'HK')).toBe(`users.regions @> '{HK}'::varchar[]`)
    expect(regionsInclude('mail_messages.regions', 'GLOBAL')).toBe(`mail_messages.regions @> '{GLOBAL}'::varchar[]`)
  })

  it('matches nothing for no region or anything that is not a code, so nothing else reaches the SQL', () => {
    for (const region of [undefined, '', 'hk', "HK'}'::varchar[] OR true --", 'H K', 'HKHKHKX', '{HK}']) {
      expect(regionsInclude('users.regions', region)).toBe('false')
    }
  })
})
