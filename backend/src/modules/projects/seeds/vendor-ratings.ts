import type { Knex } from 'knex'
import { ratingScore, type RatingScores } from '../services/vendor-ratings/vendor-ratings.shared.js'
import { openRatingTask } from '../services/vendor-rating-tasks/open-rating-task.js'
import { projectParties } from './factories.js'

/**
 * Demo ratings (issue 12 item 11 "ratings for both vendors"): pm.hk's ratings of Alpha (a good
 * record: Excellent) and Beta (a weak one: Poor) on the demo projects, the completed project's
 * PROJECT_COMPLETED task answered by one of them, so /performance and the rating history have
 * something to show. The default weights; run after seedProjects.
 */
export async function seedVendorRatings(trx: Knex) {
  const parties = await projectParties(trx)
  const projects = await trx('projects').where({ region: 'HK' }).whereIn('status', ['ACTIVE', 'COMPLETED']).orderBy('createdAt').select('id', 'companyId', 'status')
  const of = (companyId: number) => projects.filter((project) => project.companyId === companyId)
  const rate = async (project: { id: string; companyId: number }, rateType: string, scores: RatingScores, comment: string, daysAgo: number) => {
    const at = new Date(Date.now() - daysAgo * 86_400_000)
    const [rating] = await trx('vendor_ratings').insert(
      { region: 'HK', projectId: project.id, companyId: project.companyId, rateType, ratedBy: parties.pm, ...scores, comment, scoreHundredths: ratingScore(scores), createdAt: at, updatedAt: at },
      ['id']
    )
    return rating.id as number
  }
  const [alphaFirst, alphaSecond] = [of(parties.alpha)[0], of(parties.alpha).at(-1)]
  const beta = of(parties.beta)[0]
  if (alphaFirst) await rate(alphaFirst, 'RANDOM', { quality: 5, timeliness: 4, safety: 5, cooperation: 4, housekeeping: 4 }, 'Tidy site, works ahead of programme.', 60)
  if (alphaSecond) {
    const completed = alphaSecond.status === 'COMPLETED'
    const ratingId = await rate(
      alphaSecond,
      completed ? 'PROJECT_COMPLETED' : 'RANDOM',
      { quality: 5, timeliness: 5, safety: 4, cooperation: 5, housekeeping: 4 },
      'Handed over on time with complete records.',
      20
    )
    if (completed) {
      const task = await openRatingTask(trx, { projectId: alphaSecond.id, rateType: 'PROJECT_COMPLETED', sourceId: alphaSecond.id })
      await trx('vendor_rating_tasks').where({ id: task.id }).update({ ratingId, doneAt: new Date(), doneBy: parties.pm })
    }
  }
  if (beta) {
    await rate(beta, 'RANDOM', { quality: 2, timeliness: 2, safety: 3, cooperation: 3, housekeeping: 2 }, 'Late on the ceiling grid; site left untidy twice.', 45)
    await rate(beta, 'RANDOM', { quality: 3, timeliness: 2, safety: 3, cooperation: 2, housekeeping: 2 }, 'Some improvement after the site meeting.', 10)
  }
}
