import { describe, expect, it } from 'vitest'
import type { Context } from 'koa'
import type { Application } from './declarations.js'
import type { SpecRoute } from './kit/spec-aliases.js'
import { specCalls } from './spec-routes.js'

/*
 * One spec path claimed by several modules (`POST /pdf` names its PDF type in the body, and the
 * handover and work-permit modules each print their own): each alias is asked in the table's
 * order, the first that takes the call has it, and a call none takes goes on as sent.
 */

const pdfAlias = (types: string[], service: string): SpecRoute => ({
  method: 'POST',
  pattern: 'pdf',
  to: (_, { body }) => (types.includes(body?.type) ? { method: 'GET', path: `/${service}/${body.type}/${body.id}` } : null)
})

const app = (aliases: SpecRoute[][]) =>
  ({ get: (name: string) => (name === 'modules' ? aliases.map((specAliases, index) => ({ name: `module-${index}`, specAliases })) : undefined) }) as unknown as Application

async function call(middleware: ReturnType<typeof specCalls>, body: unknown) {
  const ctx = { method: 'POST', path: '/pdf', status: 200, body: undefined, request: { query: {}, body, headers: {} } } as unknown as Context
  let reached: string | null = null
  await middleware(ctx, async () => {
    reached = `${ctx.method} ${ctx.path}`
  })
  return reached
}

describe('spec aliases that share a path', () => {
  const middleware = specCalls(app([[pdfAlias(['hotbSchedule', 'keyHotb'], 'documents')], [pdfAlias(['workPermit'], 'permit-documents')]]))

  it('go to the module whose alias takes the call, whichever comes first in the table', async () => {
    expect(await call(middleware, { type: 'keyHotb', id: 7 })).toBe('GET /documents/keyHotb/7')
    expect(await call(middleware, { type: 'workPermit', id: 9 })).toBe('GET /permit-documents/workPermit/9')
  })

  it('let a call that no alias takes go on as sent', async () => {
    expect(await call(middleware, { type: 'tenderReport', id: 1 })).toBe('POST /pdf')
  })
})
