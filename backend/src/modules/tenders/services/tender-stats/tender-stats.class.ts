import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import type { RegionCache } from '../../../../hooks/region-scope.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { tenderPhases, tenderStates } from '../tenders/tender.workflow.js'
import { readsAnyTender } from '../tenders/tenders.access.js'
import { RESPONSE_WEEKS, STATS_WEEKS_AHEAD, STATS_WEEKS_BACK, type StaffTenderStats, type TenderStats, type VendorTenderStats, type WeekCount, type WeekResponses } from './tender-stats.shared.js'

/** A closing counts once the tender is out (issued or later), unless it was cancelled. */
const closingStatuses = tenderPhases.vendorVisible.filter((status) => status !== 'CANCELLED')
/** Tenders whose bidding is over and whose invitations have their final reply (cancelled ones aside). */
const closedStatuses = tenderPhases.biddingOver.filter((status) => status !== 'CANCELLED')
/** A bid that was submitted (a query on it keeps it submitted). */
const submittedBid = ['SUBMITTED', 'QUERY']

/**
 * `GET tender-stats`: the figures of the tender charts, counted in SQL within the request's
 * region and the caller's reading rights, never a count of a tender the caller may not list:
 * - staff with a `tenders` read rule: the pipeline by status, closings per week and the vendors'
 *   replies per closing week, of every tender of the region (an `any` grant) or of the tenders in
 *   their charge (`own`), as tenders.access.ts reads them;
 * - vendors with a `bids` read rule: their company's invitations from issue on (as the vendor's
 *   tender list) by reply, and the results of its submitted bids once the tender is decided
 *   (the award is what the vendor reads from then on); nothing of another company;
 * - anyone else: 403.
 * Weeks are the region's calendar weeks (Monday first), in the region's time zone.
 */
export class TenderStatsService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<TenderStats> {
    const user = params.user
    const region = params.region ?? 'GLOBAL'
    const portal = user ? portalOf(user.userType) : null
    if (params.provider) {
      if (portal === 'staff' && params.ability?.can('read', 'tenders')) return this.staff(region, readsAnyTender(params) ? null : user!.id)
      if (portal === 'vendors' && params.ability?.can('read', 'bids') && params.ability?.can('read', 'tenders')) return this.vendor(region, user!.companyId ?? -1)
      throw appError(403, 'FORBIDDEN')
    }
    return this.staff(region, null)
  }

  private async timeZone(region: string) {
    return (await (this.app.get('regionCache' as any) as RegionCache).get(region))?.timeZone ?? 'UTC'
  }

  /** The region's tenders (all, or those managed by `managedBy`) by status, closing week and reply. */
  private async staff(region: string, managedBy: number | null): Promise<StaffTenderStats> {
    const db = this.app.get('knex')
    const timeZone = await this.timeZone(region)
    const inCharge = (query: Knex.QueryBuilder, alias = 'tenders') => (managedBy === null ? query : query.where(`${alias}.managedBy`, managedBy))

    const byStatus: any[] = await inCharge(db('tenders').where({ region }).select('status').count({ count: '*' }).groupBy('status'))
    const counted = new Map(byStatus.map((row) => [row.status, Number(row.count)]))
    const pipeline = tenderStates.map((status) => ({ status, count: counted.get(status) ?? 0 }))

    // The weeks as the region's local Mondays; each bound turned back into an instant, so the
    // (region, status, closing_at) index answers the range.
    const weeks = (back: number, ahead: number) =>
      db.raw(
        `SELECT week, timezone(:zone, week) AS starts, timezone(:zone, week + interval '1 week') AS ends
           FROM generate_series(date_trunc('week', timezone(:zone, now())) - make_interval(weeks => :back),
                                date_trunc('week', timezone(:zone, now())) + make_interval(weeks => :ahead),
                                interval '1 week') AS week`,
        { zone: timeZone, back, ahead }
      )
    const managed = managedBy === null ? '' : 'AND t.managed_by = :managedBy'

    const closings = await db.raw(
      `WITH weeks AS (${weeks(STATS_WEEKS_BACK, STATS_WEEKS_AHEAD - 1).toQuery()})
       SELECT to_char(weeks.week, 'YYYY-MM-DD') AS week, count(t.id)::int AS count
         FROM weeks
         LEFT JOIN tenders t ON t.region = :region AND t.status = ANY(:statuses)
              AND t.closing_at >= weeks.starts AND t.closing_at < weeks.ends ${managed}
        GROUP BY weeks.week ORDER BY weeks.week`,
      { region, statuses: closingStatuses, managedBy }
    )

    const responses = await db.raw(
      `WITH weeks AS (${weeks(RESPONSE_WEEKS - 1, 0).toQuery()})
       SELECT to_char(weeks.week, 'YYYY-MM-DD') AS week,
              count(DISTINCT t.id)::int AS tenders,
              count(tv.company_id)::int AS invited,
              (count(*) FILTER (WHERE b.status = ANY(:submitted)))::int AS submitted,
              (count(*) FILTER (WHERE b.status = 'DECLINED'))::int AS declined
         FROM weeks
         LEFT JOIN tenders t ON t.region = :region AND t.status = ANY(:statuses)
              AND t.closing_at >= weeks.starts AND t.closing_at < weeks.ends AND t.closing_at <= now() ${managed}
         LEFT JOIN tender_vendors tv ON tv.tender_id = t.id
         LEFT JOIN bids b ON b.tender_id = tv.tender_id AND b.company_id = tv.company_id
        GROUP BY weeks.week ORDER BY weeks.week`,
      { region, statuses: closedStatuses, submitted: submittedBid, managedBy }
    )

    return {
      portal: 'staff',
      scope: managedBy === null ? 'all' : 'own',
      pipeline,
      closings: closings.rows.map((row: any): WeekCount => ({ week: row.week, count: row.count })),
      responses: responses.rows.map((row: any): WeekResponses => ({
        week: row.week,
        tenders: row.tenders,
        invited: row.invited,
        submitted: row.submitted,
        declined: row.declined,
        noReply: row.invited - row.submitted - row.declined
      }))
    }
  }

  /** The company's invitations in the region, from issue on, by reply and result. */
  private async vendor(region: string, companyId: number): Promise<VendorTenderStats> {
    const db = this.app.get('knex')
    const { rows } = await db.raw(
      `WITH invitations AS (
         SELECT t.status AS tender, t.recommended_bid_id AS recommended, b.id AS bid,
                coalesce(b.status = ANY(:submitted), false) AS submitted, coalesce(b.status = 'DECLINED', false) AS declined
           FROM tender_vendors tv
           JOIN tenders t ON t.id = tv.tender_id
           LEFT JOIN bids b ON b.tender_id = tv.tender_id AND b.company_id = tv.company_id
          WHERE tv.company_id = :companyId AND t.region = :region AND t.status = ANY(:visible))
       SELECT count(*)::int AS received,
              (count(*) FILTER (WHERE tender = 'ISSUED' AND NOT submitted AND NOT declined))::int AS open,
              (count(*) FILTER (WHERE submitted))::int AS submitted,
              (count(*) FILTER (WHERE declined))::int AS declined,
              (count(*) FILTER (WHERE tender = 'CANCELLED' AND NOT submitted AND NOT declined))::int AS cancelled,
              (count(*) FILTER (WHERE submitted AND tender = 'AWARDED' AND recommended = bid))::int AS won,
              (count(*) FILTER (WHERE submitted AND (tender = 'REGRETTED' OR (tender = 'AWARDED' AND recommended IS DISTINCT FROM bid))))::int AS lost,
              (count(*) FILTER (WHERE submitted AND tender IN ('ISSUED', 'READY', 'REVIEW')))::int AS pending
         FROM invitations`,
      { companyId, region, visible: tenderPhases.vendorVisible, submitted: submittedBid }
    )
    const row = rows[0]
    return {
      portal: 'vendors',
      invitations: {
        received: row.received,
        open: row.open,
        submitted: row.submitted,
        declined: row.declined,
        noReply: row.received - row.open - row.submitted - row.declined - row.cancelled,
        cancelled: row.cancelled
      },
      results: { won: row.won, lost: row.lost, pending: row.pending }
    }
  }
}
