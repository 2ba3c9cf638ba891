// Browser-safe: the figures behind the tender charts of the dashboards.
export const tenderStatsPath = 'tender-stats'

/** Weeks shown around today: closings of the past weeks and those ahead, responses of the past weeks. */
export const STATS_WEEKS_BACK = 4
export const STATS_WEEKS_AHEAD = 8
export const RESPONSE_WEEKS = 8

/** One calendar week of the region (its Monday, `YYYY-MM-DD`), with a count. */
export interface WeekCount {
  week: string
  count: number
}

/** The invitations of the tenders that closed in one week, by the vendors' reply. */
export interface WeekResponses {
  week: string
  tenders: number
  invited: number
  submitted: number
  declined: number
  /** Invited, neither submitted nor declined by the closing date. */
  noReply: number
}

/** What staff see: the tenders they read in the region (all of them, or those in their charge). */
export interface StaffTenderStats {
  portal: 'staff'
  /** `all`: every tender of the region; `own`: the tenders in the caller's charge. */
  scope: 'all' | 'own'
  pipeline: { status: string; count: number }[]
  closings: WeekCount[]
  responses: WeekResponses[]
}

/** What a vendor sees: its company's invitations in the region, from issue on, and their results. */
export interface VendorTenderStats {
  portal: 'vendors'
  invitations: {
    received: number
    /** Still open for a bid: the tender is issued and the company has not replied. */
    open: number
    submitted: number
    declined: number
    /** Bidding over without a reply from the company. */
    noReply: number
    /** The tender was cancelled before the company replied. */
    cancelled: number
  }
  /** Of the submitted bids: awarded to the company, awarded to another or regretted, still undecided. */
  results: { won: number; lost: number; pending: number }
}

export type TenderStats = StaffTenderStats | VendorTenderStats
