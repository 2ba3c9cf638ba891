import { lineTotalCents, type BidRate, type DiscountType, type Numeric, type TenderLineItem } from './tender-amounts.js'

/*
 * The bid comparison (spec §2 /comparison/{id}; issue 3 point 8): the tender's lines, one column
 * per submitted bid, totals per bid and the lowest price per line marked. Browser-safe and pure:
 * the comparison screen and its tests use it; the prices come from the bids service, which seals
 * them until the tender is opened (bid-seal.ts), so a sealed bid simply has no prices here.
 *
 * Money is integer cents (tender-amounts). A bid prices a line when its rate for the line is set
 * (a missing or empty rate is "not priced", not zero). The lowest price per line is the smallest
 * line total among the bids that priced it; ties mark every bid at that price. Optional and
 * for-reference lines are shown and marked like the rest but left out of every total.
 */

export interface ComparisonBid {
  id: string
  companyId: number
  status: string
  content?: {
    bidItemQtys?: Readonly<Record<string, Numeric>>
    rates?: Readonly<Record<string, BidRate>>
    remarks?: Readonly<Record<string, string | null | undefined>>
  } | null
}

export interface ComparisonCell {
  /** The vendor's rate for the line; null when the bid does not price it. */
  rate: number | null
  /** The quantity the line total used: the vendor's, else the tender's. */
  qty: number | null
  /** The line total in cents; null when not priced. */
  totalCents: number | null
  remark: string | null
  /** The lowest price of the line (ties: each of them). */
  lowest: boolean
}

/** A tender line item as the comparison reads it (the tender's own rate, if any, is not used). */
export type ComparisonItem = Omit<TenderLineItem, 'rate'> & { itemNo?: string; itemDesc?: string; itemUnit?: string; remark?: string }

export interface ComparisonLine {
  groupId: string
  groupName: string
  item: ComparisonItem
  /** Optional or for reference: shown, not in the totals. */
  excluded: boolean
  cells: Record<string, ComparisonCell>
}

export interface BidComparison {
  /** The submitted bids, in the order given. */
  bids: ComparisonBid[]
  lines: ComparisonLine[]
  /** Per bid id: the total in cents over the counted lines. */
  totalsCents: Record<string, number>
  /** The bid ids with the lowest total (none when no bid was compared). */
  lowestTotal: string[]
  /** Bids not compared: declined, no-shows and bids still in another status. */
  others: ComparisonBid[]
}

interface Group {
  id?: string
  name?: string
  lineItems?: readonly ComparisonItem[] | null
}

/** Bids compared: SUBMITTED, and QUERY (a submitted bid waiting on a query answer). */
export const comparedBidStatuses = ['SUBMITTED', 'QUERY'] as const

const isSet = (value: unknown) => value !== null && value !== undefined && value !== ''
const asNumber = (value: Numeric): number | null => {
  if (!isSet(value)) return null
  const number = Number(typeof value === 'string' ? value.replace(/,/g, '') : value)
  return Number.isFinite(number) ? number : null
}

function priceOf(item: ComparisonItem, bid: ComparisonBid): { rate: Numeric; discountType: DiscountType | null; discount: Numeric } | null {
  const entry = bid.content?.rates?.[String(item.id)]
  if (entry !== null && typeof entry === 'object') {
    return isSet(entry.rate) ? { rate: entry.rate, discountType: entry.discountType ?? null, discount: entry.discount } : null
  }
  return isSet(entry) ? { rate: entry as Numeric, discountType: item.discountType ?? null, discount: item.discount } : null
}

export function compareBids(groups: readonly Group[], allBids: readonly ComparisonBid[]): BidComparison {
  const bids = allBids.filter((bid) => (comparedBidStatuses as readonly string[]).includes(bid.status))
  const others = allBids.filter((bid) => !bids.includes(bid))
  const totalsCents: Record<string, number> = Object.fromEntries(bids.map((bid) => [bid.id, 0]))
  const lines: ComparisonLine[] = []
  for (const group of groups) {
    for (const item of group.lineItems ?? []) {
      const excluded = Boolean(item.optional || item.forReference)
      const cells: Record<string, ComparisonCell> = {}
      for (const bid of bids) {
        const price = priceOf(item, bid)
        const ownQty = bid.content?.bidItemQtys?.[String(item.id)]
        const qty = isSet(ownQty) ? ownQty : item.itemQty
        const totalCents = price ? lineTotalCents({ itemQty: qty, ...price }) : null
        cells[bid.id] = { rate: price ? asNumber(price.rate) : null, qty: asNumber(qty), totalCents, remark: bid.content?.remarks?.[String(item.id)]?.trim() || null, lowest: false }
        if (totalCents !== null && !excluded) totalsCents[bid.id] += totalCents
      }
      const priced = Object.values(cells).filter((cell) => cell.totalCents !== null)
      const lowest = priced.length ? Math.min(...priced.map((cell) => cell.totalCents as number)) : null
      for (const cell of priced) cell.lowest = cell.totalCents === lowest
      lines.push({ groupId: String(group.id ?? ''), groupName: group.name ?? '', item, excluded, cells })
    }
  }
  const lowestTotal = bids.length ? Math.min(...bids.map((bid) => totalsCents[bid.id])) : null
  return { bids, lines, totalsCents, lowestTotal: bids.filter((bid) => totalsCents[bid.id] === lowestTotal).map((bid) => bid.id), others }
}
