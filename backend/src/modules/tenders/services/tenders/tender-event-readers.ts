import { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../../../declarations.js'
import { connectionUser, extraReaders, readersOf } from '../../../../kit/channels.js'
import { tenderPhases } from './tender.workflow.js'
import { tendersPath } from './tenders.shared.js'
import { vendorTenderView } from './tender-views.js'

// Who hears of a change to a tender or to a part of it (tendersAccess's `readers`), and what each is sent.

/** Who, beyond the ability filter of channels.ts, receives a tender's live events. */
export interface TenderEventAudience {
  /** Invited vendors holding a `tenders` read rule, from issue on: sent the vendor view. */
  invited: (user: { id: number; portal: string; companyId?: number | null }, ability: any) => boolean
  /** The tender's representatives holding `tenders:review` (vendor-portal ones from issue on): sent the whole tender. */
  represented: (user: { id: number; portal: string; companyId?: number | null }, ability: any) => boolean
}

/** The audience of a tender's events from its invited companies and representatives (pure: the tests ask it directly). */
export function tenderEventAudience(tender: { status: string }, { companies, representatives }: { companies: number[]; representatives: number[] }): TenderEventAudience {
  const visible = (tenderPhases.vendorVisible as readonly string[]).includes(tender.status)
  return {
    invited: (user, ability) => visible && user.portal === 'vendors' && companies.includes(user.companyId ?? -1) && !representatives.includes(user.id) && Boolean(ability?.can('read', 'tenders')),
    represented: (user, ability) => representatives.includes(user.id) && (user.portal === 'staff' || visible) && Boolean(ability?.can('review', 'tenders'))
  }
}

/**
 * Real-time tender events: staff through their abilities (channels.ts; own = person in charge),
 * plus the invited vendors with the vendor view (their "own" is the invitation, which no tender
 * row carries, so the ability filter alone would never reach them), plus the tender's
 * representatives. Nothing reaches vendors before issue, and tenants never.
 */
export async function tenderEventReaders(app: Application, data: any, context: HookContext): Promise<Channel[]> {
  const readers = readersOf(app, data, context)
  if (!data?.id || !data.region) return readers
  const db = app.get('knex')
  const [vendors, accounts] = await Promise.all([db('tender_vendors').where({ tenderId: data.id }).select('companyId'), db('tender_accounts').where({ tenderId: data.id }).select('userId')])
  const audience = tenderEventAudience(data, { companies: vendors.map((row: any) => row.companyId), representatives: accounts.map((row: any) => row.userId) })
  const invited = extraReaders(app, data.region, readers, vendorTenderView(data), audience.invited)
  const represented = extraReaders(app, data.region, [...readers, invited], data, audience.represented)
  return [...readers, invited, represented]
}

/**
 * Live events of a part of a tender that has no rule of its own (its documents, its revisions):
 * the tender's own audience (`tenderEventReaders`), each sent the part, vendors through
 * `vendorView`. The tender is read for it; a part of a tender that is gone reaches nobody.
 */
export async function tenderPartEventReaders(app: Application, part: any, context: HookContext, vendorView: (part: any) => any = (whole) => whole): Promise<Channel[]> {
  if (!part?.tenderId) return []
  const tender = await app.get('knex')('tenders').where({ id: part.tenderId }).first()
  if (!tender) return []
  // Asked as a tender's event: the ability filter reads the context's path as the subject.
  const asTender = { ...context, path: tendersPath, service: app.service(tendersPath) } as HookContext
  const connections = new Set((await tenderEventReaders(app, tender, asTender)).flatMap((channel) => channel.connections))
  const vendors = [...connections].filter((connection) => connectionUser(app, connection)?.portal === 'vendors')
  const others = [...connections].filter((connection) => !vendors.includes(connection))
  return [new Channel(others, part), new Channel(vendors, vendorView(part))]
}
