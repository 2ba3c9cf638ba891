import type { Knex } from 'knex'
import { getSetting } from '../../../../settings-values.js'
import { defaultRatingWeights, defaultStandingBands, validBands, validWeights, type RatingWeights, type StandingBands } from './vendor-ratings.shared.js'

/** The vendor performance settings with our defaults (issue 12 item 9), each editable per region. */
export const vendorPerformanceSettingDefaults = {
  /** Where the standings start on 0 to 100: Very Poor below `poor`, Poor, Average, Excellent from `excellent`. */
  'vendorPerformance.bands': defaultStandingBands,
  /** The weight of each of the five criteria in the score. */
  'vendorPerformance.weights': defaultRatingWeights
} as const

declare module '../../../../settings-values.js' {
  interface ModuleSettingDefaults {
    'vendorPerformance.bands': StandingBands
    'vendorPerformance.weights': RatingWeights
  }
}

/** The region's bands and weights; a value that does not read in order falls back to our default rather than rank vendors wrongly. */
export async function performanceSettings(db: Knex, region: string | undefined): Promise<{ bands: StandingBands; weights: RatingWeights }> {
  const bands = await getSetting(db, region, 'vendorPerformance.bands')
  const weights = await getSetting(db, region, 'vendorPerformance.weights')
  return { bands: validBands(bands) ? bands : defaultStandingBands, weights: validWeights(weights) ? weights : defaultRatingWeights }
}
