import { describe, expect, it } from 'vitest'
import { attachment } from './content-disposition.js'

describe('attachment', () => {
  it('names the file in UTF-8 with an ASCII stand-in', () => {
    expect(attachment('報告 (final).pdf')).toBe(`attachment; filename="__ (final).pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A%20%28final%29.pdf`)
  })
  it('cannot be broken out of by quotes or line breaks', () => {
    const header = attachment('a";\r\nX-Evil: 1.pdf')
    expect(header).not.toMatch(/[\r\n]/)
    expect(header).toContain(`filename="a_;__X-Evil: 1.pdf"`)
  })
})
