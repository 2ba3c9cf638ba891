import { describe, expect, it, vi } from 'vitest'
import { compileValidatorsInBackground, queryValidator, uncompiledValidators } from './validators.js'

describe('validators compiled in the background', () => {
  it('compiles every validator not used yet, one at a time, and each still validates as before', async () => {
    const validate = queryValidator.compile({ type: 'object', properties: { $limit: { type: 'number', maximum: 10 } } }) as unknown as (data: unknown) => boolean
    expect(uncompiledValidators()).toBeGreaterThan(0)
    compileValidatorsInBackground(0)
    await vi.waitFor(() => expect(uncompiledValidators()).toBe(0), { timeout: 20_000 })
    expect(validate({ $limit: '5' })).toBe(true)
    expect(validate({ $limit: 50 })).toBe(false)
  })
})
