import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfBytes } from '../../storage/test-files.js'
import { startTestServer, type TestServer } from '../../../test/server.js'
import { acceptOf, expandTypes, extOf, placeOfResource, uploadPlacesProblem, uploadRefusal, uploadRuleProblem } from './upload-limits.shared.js'

const limits = { maxSizeMb: 10, maxCount: 20, types: ['pdf', 'docx', 'xlsx', 'jpg', 'png', 'dwg', 'zip'] }
const MB = 1024 * 1024

describe('the browser check of chosen files (issue 27 item 15)', () => {
  it('refuses, in the server order, too many files, one over the size limit, an empty one and a type not allowed, naming the limit', () => {
    expect(uploadRefusal([{ name: 'plan.pdf', size: 10 * MB }], limits)).toBeUndefined()
    expect(uploadRefusal([{ name: 'plan.pdf', size: 10 * MB + 1 }], limits)).toEqual({ code: 'FILE_TOO_LARGE', name: 'plan.pdf', max: 10 })
    const many = Array.from({ length: 21 }, (_, n) => ({ name: `${n}.pdf`, size: 1 }))
    expect(uploadRefusal(many, limits)).toEqual({ code: 'FILE_COUNT', max: 20, count: 21 })
    expect(uploadRefusal([{ name: 'empty.pdf', size: 0 }], limits)).toEqual({ code: 'FILE_EMPTY', name: 'empty.pdf' })
    expect(uploadRefusal([{ name: 'tool.exe', size: 5 }], limits)).toEqual({ code: 'FILE_TYPE', name: 'tool.exe', types: 'pdf, docx, xlsx, jpg, png, dwg, zip' })
    expect(uploadRefusal([{ name: 'no-extension', size: 5 }], limits)?.code).toBe('FILE_TYPE')
  })

  it('reads a type from the name as the settings spell it', () => {
    expect(extOf('Photo.JPEG')).toBe('jpg')
    expect(extOf('a/b/report.final.PDF')).toBe('pdf')
    expect(extOf('.hidden')).toBe('')
    expect(uploadRefusal([{ name: 'Photo.JPEG', size: 5 }], limits)).toBeUndefined()
    expect(acceptOf(['pdf', 'jpg'])).toBe('.pdf,.jpg,.jpeg,.jpe')
  })
})

describe('GET upload-limits and the server refusal', () => {
  let server: TestServer
  const tokens: Record<string, string> = {}
  beforeAll(async () => {
    server = await startTestServer()
    for (const name of ['vendor.alpha', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("answers any signed-in user the region's limits, from the settings", async () => {
    const answer = await server.api(tokens['vendor.alpha'], 'GET', '/hk/v1/upload-limits')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual(limits)
    expect((await server.api(tokens['tenant.acme'], 'GET', '/hk/v1/upload-limits')).body.maxSizeMb).toBe(10)
    expect((await server.api(null, 'GET', '/hk/v1/upload-limits')).status).toBe(401)
    await server.knex('settings').insert({ region: 'HK', key: 'upload.maxSizeMb', value: JSON.stringify(2) })
    try {
      expect((await server.api(tokens['vendor.alpha'], 'GET', '/hk/v1/upload-limits')).body.maxSizeMb).toBe(2)
    } finally {
      await server.knex('settings').where({ region: 'HK', key: 'upload.maxSizeMb' }).delete()
    }
  })

  it('names the limit when it refuses an oversized file, in English and in Chinese', async () => {
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(10 * MB + 10, 0x20)])
    const send = async (language: string) => {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(big)], { type: 'application/pdf' }), 'big.pdf')
      const response = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['vendor.alpha']}`, 'accept-language': language }, body: form })
      return { status: response.status, body: (await response.json()) as any }
    }
    const english = await send('en-US')
    expect(english.status).toBe(413)
    expect(english.body.data).toMatchObject({ code: 'FILE_TOO_LARGE', max: 10 })
    expect(english.body.message).toContain('10 MB')
    const chinese = await send('zh-CN')
    expect(chinese.body.message).toContain('10 MB')
    expect(chinese.body.message).toMatch(/[\u4e00-\u9fff]/)
  })
})

describe('file rules per upload place (issue 27 item 19)', () => {
  let server: TestServer
  let admin: string
  let vendor: string
  beforeAll(async () => {
    server = await startTestServer()
    admin = (await server.login('admin')).accessToken
    vendor = (await server.login('vendor.alpha')).accessToken
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('gives a place its own rule, families spelt out, while other places keep the region rule', async () => {
    const saved = await server.api(admin, 'PATCH', '/hk/v1/settings/upload.places', { value: { tenders: { maxSizeMb: 3, types: ['image/*', 'pdf'] } }, updatedAt: null })
    expect(saved.status).toBe(200)
    const tenders = await server.api(vendor, 'GET', '/hk/v1/upload-limits?place=tenders')
    expect(tenders.body).toEqual({ maxSizeMb: 3, maxCount: 20, types: ['jpg', 'png', 'gif', 'tiff', 'bmp', 'webp', 'heic', 'pdf'] })
    expect((await server.api(vendor, 'GET', '/hk/v1/upload-limits')).body).toEqual(limits)
    expect((await server.api(vendor, 'GET', '/hk/v1/upload-limits?place=projects')).body).toEqual(limits)
    // Another region does not take HK's rule.
    expect((await server.api(vendor, 'GET', '/sg/v1/upload-limits?place=tenders')).body).toEqual(limits)
  })

  it('makes the server refuse by the place rule: a pdf where only images may go', async () => {
    await server.knex('settings').where({ region: 'HK', key: 'upload.places' }).delete()
    await server.knex('settings').insert({ region: 'HK', key: 'upload.places', value: JSON.stringify({ buildings: { types: ['image/*'] } }) })
    const send = async (ownerResource: string) => {
      const form = new FormData()
      form.append('files', new Blob([new Uint8Array(pdfBytes())], { type: 'application/pdf' }), 'plan.pdf')
      form.append('ownerResource', ownerResource)
      const response = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form })
      return { status: response.status, body: (await response.json()) as any }
    }
    const refused = await send('buildings')
    expect(refused.status).toBe(400)
    expect(refused.body.data).toMatchObject({ code: 'FILE_TYPE' })
    expect((await send('companies')).status).toBe(201)
  })

  it('refuses a rule that is not a positive whole number within bounds, an unknown place or a bad type, in the user language', async () => {
    const current = (await server.api(admin, 'GET', '/hk/v1/settings/upload.places')).body
    const refuse = async (key: string, value: unknown, language = 'en-US') => {
      const answer = await server.api(admin, 'PATCH', `/hk/v1/settings/${key}`, { value, updatedAt: key === 'upload.places' ? current.updatedAt : null }, { 'accept-language': language })
      expect(answer.status).toBe(400)
      expect(answer.body.data.code).toBe('UPLOAD_RULE_INVALID')
      return answer.body
    }
    expect((await refuse('upload.maxSizeMb', 0)).data).toMatchObject({ field: 'maxSizeMb', max: 200 })
    await refuse('upload.maxSizeMb', 201)
    await refuse('upload.maxCount', 2.5)
    await refuse('upload.types', [])
    await refuse('upload.types', ['p d f'])
    expect((await refuse('upload.places', { nowhere: { maxCount: 2 } })).data).toMatchObject({ field: 'place', place: 'nowhere' })
    await refuse('upload.places', { tenders: { maxCount: -1 } })
    expect((await refuse('upload.maxCount', 0, 'zh-CN')).message).toMatch(/文件规则无效/)
    const saved = await server.api(admin, 'PATCH', '/hk/v1/settings/upload.maxCount', { value: 100, updatedAt: null })
    expect(saved.status).toBe(200)
  })
})

describe('the check of a file rule (issue 27 item 19)', () => {
  it('takes whole numbers from 1 to the bound, and types as extensions or known families', () => {
    expect(uploadRuleProblem('maxSizeMb', 1)).toBeUndefined()
    expect(uploadRuleProblem('maxSizeMb', 200)).toBeUndefined()
    for (const wrong of [0, -1, 2.5, 201, '5', null]) expect(uploadRuleProblem('maxSizeMb', wrong), String(wrong)).toEqual({ field: 'maxSizeMb', max: 200 })
    expect(uploadRuleProblem('maxCount', 101)).toEqual({ field: 'maxCount', max: 100 })
    expect(uploadRuleProblem('types', ['pdf', '.DWG', 'image/*'])).toBeUndefined()
    expect(uploadRuleProblem('types', [])).toEqual({ field: 'types', max: 50 })
    expect(uploadRuleProblem('types', ['pdf', 'application/*'])).toEqual({ field: 'types', max: 50, type: 'application/*' })
    expect(uploadRuleProblem('types', ['p df'])).toMatchObject({ type: 'p df' })
  })

  it('takes rules of known places only, each field checked', () => {
    const places = { tenders: ['tenders'], projects: ['projects', 'project-documents'] }
    expect(uploadPlacesProblem({}, places)).toBeUndefined()
    expect(uploadPlacesProblem({ tenders: { maxCount: 3, types: ['pdf'] } }, places)).toBeUndefined()
    expect(uploadPlacesProblem({ nowhere: {} }, places)).toEqual({ field: 'place', place: 'nowhere' })
    expect(uploadPlacesProblem({ tenders: { colour: 'red' } }, places)).toEqual({ field: 'place', place: 'tenders' })
    expect(uploadPlacesProblem({ tenders: { maxCount: 0 } }, places)).toEqual({ field: 'maxCount', max: 100, place: 'tenders' })
    expect(uploadPlacesProblem([], places)).toEqual({ field: 'place', place: '' })
    expect(placeOfResource(places, 'project-documents')).toBe('projects')
    expect(placeOfResource(places, 'companies')).toBeUndefined()
  })

  it('spells out families and checks a chosen file against them', () => {
    expect(expandTypes(['pdf', 'image/*', 'JPEG'])).toEqual(['pdf', 'jpg', 'png', 'gif', 'tiff', 'bmp', 'webp', 'heic'])
    expect(uploadRefusal([{ name: 'photo.png', size: 5 }], { maxSizeMb: 1, maxCount: 1, types: ['image/*'] })).toBeUndefined()
    expect(uploadRefusal([{ name: 'plan.pdf', size: 5 }], { maxSizeMb: 1, maxCount: 1, types: ['image/*'] })?.code).toBe('FILE_TYPE')
  })
})
