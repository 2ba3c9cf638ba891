import { find, type SpecRoute } from '../../../../kit/spec-aliases.js'

/*
 * The spec's rating history call (route /companies/performanceRatingHistory/{filter}) on the ratings:
 * | spec call                                          | ours                                  |
 * | GET companies/performanceRatingHistory/{companyId} | GET vendor-ratings?companyId=… (list) |
 * A filter that is not a vendor's id is not this alias: the request goes on as sent.
 */
export const vendorRatingSpecAliases: SpecRoute[] = [
  {
    method: 'GET',
    pattern: 'companies/performanceRatingHistory/:filter',
    to: ({ filter }, { query }) => (/^\d{1,9}$/.test(filter) ? find('vendor-ratings', { $sort: { createdAt: -1 }, ...query, companyId: filter }) : null)
  }
]
