import { PortalKnexService } from '../../kit/knex-service.js'
import type { Region } from './regions.schema.js'

/** Currency shown for a region: its own, else USD (spec, section 9). */
export const currencyOf = (region: Pick<Region, 'currency'>) => region.currency || 'USD'

export class RegionService extends PortalKnexService<Region> {}
