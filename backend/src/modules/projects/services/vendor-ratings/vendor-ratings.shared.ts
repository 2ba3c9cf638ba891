// Browser-safe: a vendor rating's vocabulary and its arithmetic (spec §3 "Rating: five criteria
// plus a comment. Rate types: RANDOM, WORK_COMPLETED, RETENTION_RECEIVED, PROJECT_COMPLETED"),
// shared by the service, its validators, the demo and the screens. Pure: no I/O.

export const vendorRatingsPath = 'vendor-ratings'
export const vendorRatingsMethods = ['find', 'get', 'create'] as const

/**
 * The five criteria. The spec counts them without naming them; these are the ones a property
 * manager rates a works contractor on (our choice, PRODUCT.md "our defaults where the spec gives none").
 */
export const ratingCriteria = ['quality', 'timeliness', 'safety', 'cooperation', 'housekeeping'] as const
export type RatingCriterion = (typeof ratingCriteria)[number]

/** Each criterion is scored 1 (very poor) to 5 (excellent), a whole number. */
export const CRITERION_MIN = 1
export const CRITERION_MAX = 5

export const rateTypes = ['RANDOM', 'WORK_COMPLETED', 'RETENTION_RECEIVED', 'PROJECT_COMPLETED'] as const
export type RateType = (typeof rateTypes)[number]

/** The rate types a staff member may start by hand; the others come from their event's task. */
export const manualRateTypes: readonly RateType[] = ['RANDOM']

export const standings = ['VERY_POOR', 'POOR', 'AVERAGE', 'EXCELLENT'] as const
export type Standing = (typeof standings)[number]

/** The weight of each criterion in the score (whole numbers, any positive total). Setting `vendorPerformance.weights`. */
export type RatingWeights = Record<RatingCriterion, number>
export const defaultRatingWeights: RatingWeights = { quality: 30, timeliness: 20, safety: 20, cooperation: 15, housekeeping: 15 }

/**
 * Where each standing starts, on the score's 0 to 100 scale (setting `vendorPerformance.bands`):
 * below `poor` a vendor is Very Poor, from `poor` Poor, from `average` Average, from `excellent` Excellent.
 */
export interface StandingBands {
  poor: number
  average: number
  excellent: number
}
export const defaultStandingBands: StandingBands = { poor: 30, average: 50, excellent: 80 }

export type RatingScores = Record<RatingCriterion, number>

/** Whether a criterion's score is one a rating may hold. */
export const validCriterion = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= CRITERION_MIN && (value as number) <= CRITERION_MAX

/** Weights a score can be computed with: whole, not negative, not all zero. */
export function validWeights(weights: unknown): weights is RatingWeights {
  if (!weights || typeof weights !== 'object') return false
  const values = ratingCriteria.map((criterion) => (weights as Record<string, unknown>)[criterion])
  return values.every((value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000) && values.some((value) => (value as number) > 0)
}

/** Bands that read in order: 0 ≤ poor ≤ average ≤ excellent ≤ 100, each with at most 2 decimals. */
export function validBands(bands: unknown): bands is StandingBands {
  if (!bands || typeof bands !== 'object') return false
  const { poor, average, excellent } = bands as Record<string, unknown>
  const values = [poor, average, excellent]
  const exact = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-9
  return values.every(exact) && (poor as number) >= 0 && (poor as number) <= (average as number) && (average as number) <= (excellent as number) && (excellent as number) <= 100
}

/** a / b rounded half up, for whole a ≥ 0 and b > 0, in whole-number arithmetic (never a float in between). */
export function divideHalfUp(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0) throw new RangeError('divideHalfUp takes whole a ≥ 0 and b > 0')
  const quotient = Math.floor(a / b)
  const remainder = a - quotient * b
  return remainder * 2 >= b ? quotient + 1 : quotient
}

/**
 * The score of ratings, in hundredths of a point on 0 to 100: each criterion's 1 to 5 read as
 * 0 to 100, weighted. `sums` holds, per criterion, Σ (score − 1) over `count` ratings, so one
 * rating (count 1) and a vendor's average (their sums) are rounded once, half up, from whole numbers.
 */
export function scoreHundredths(sums: RatingScores, count: number, weights: RatingWeights = defaultRatingWeights): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('a score needs at least one rating')
  const totalWeight = ratingCriteria.reduce((total, criterion) => total + weights[criterion], 0)
  if (!validWeights(weights)) throw new RangeError('weights must be whole, not negative and not all zero')
  const numerator = ratingCriteria.reduce((total, criterion) => total + weights[criterion] * sums[criterion], 0) * 100 * 100
  return divideHalfUp(numerator, totalWeight * (CRITERION_MAX - CRITERION_MIN) * count)
}

/** The score of one rating's five criteria (each 1 to 5), in hundredths of a point. */
export function ratingScore(scores: RatingScores, weights: RatingWeights = defaultRatingWeights): number {
  for (const criterion of ratingCriteria) if (!validCriterion(scores[criterion])) throw new RangeError(`${criterion} must be a whole number from ${CRITERION_MIN} to ${CRITERION_MAX}`)
  const sums = Object.fromEntries(ratingCriteria.map((criterion) => [criterion, scores[criterion] - CRITERION_MIN])) as RatingScores
  return scoreHundredths(sums, 1, weights)
}

/** The standing of a score (hundredths): the highest band whose start it reaches. */
export function standingOf(hundredths: number, bands: StandingBands = defaultStandingBands): Standing {
  const start = (points: number) => Math.round(points * 100)
  if (hundredths >= start(bands.excellent)) return 'EXCELLENT'
  if (hundredths >= start(bands.average)) return 'AVERAGE'
  if (hundredths >= start(bands.poor)) return 'POOR'
  return 'VERY_POOR'
}

/** A score in hundredths as the screens and sheets show it: "72.50". */
export const formatScore = (hundredths: number) => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`

/** The standing that asks for a reason before its vendor is invited to a tender. */
export const STANDING_NEEDING_OVERRIDE: Standing = 'VERY_POOR'
