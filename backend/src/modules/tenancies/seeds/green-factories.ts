import type { Knex } from 'knex'
import { greenExpiry, type AssessmentSection } from '../services/green-operations/green-operations.shared.js'

/** A green operation record written straight to its table (tests, browser specs, the demo). */
export async function createGreenOperation(
  db: Knex,
  input: {
    tenancyId: number
    startDate: string
    validityMonths: number
    floor?: string | null
    month?: string | null
    reading?: number | null
    assessment?: AssessmentSection[]
    recognitionCount?: number
  }
): Promise<{ id: number }> {
  const tenancy = await db('tenancies').where({ id: input.tenancyId }).first('region')
  const [row] = await db('green_operations').insert(
    { ...input, region: tenancy.region, expiryDate: greenExpiry(input.startDate, input.validityMonths), assessment: JSON.stringify(input.assessment ?? []) },
    ['id']
  )
  return row
}
