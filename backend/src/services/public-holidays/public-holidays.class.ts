import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { ReferenceDataService, trimmed, type ReferenceParams } from '../buildings/reference-data.js'
import type { PublicHoliday } from './public-holidays.schema.js'
import { isoDay } from '../../format/format.shared.js'

const present = (row: any): PublicHoliday => ({ ...row, date: isoDay(row.date) })

/**
 * The public holidays of a region (issue 29 item 7), kept by its administrators in settings: one
 * name per day (a second one answers 409 DUPLICATE). The working-day clocks (tender closing dates,
 * fit-out review steps) skip them; `holidaysOf` reads them for the server's own counting.
 */
export class PublicHolidayService extends ReferenceDataService<PublicHoliday> {
  constructor(options: any, app: Application) {
    super(options, app)
  }

  protected async prepare(data: any) {
    const stored: Record<string, unknown> = {}
    if (data.date !== undefined) stored.date = data.date
    if (data.name !== undefined) stored.name = trimmed(data.name)
    return stored
  }

  async _find(params: ReferenceParams = {}): Promise<any> {
    const page: any = await super._find(params as any)
    return Array.isArray(page) ? page.map(present) : { ...page, data: page.data.map(present) }
  }

  async _get(id: Id, params: ReferenceParams = {}): Promise<any> {
    return present(await super._get(id, params as any))
  }
}
