import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../../../declarations.js'
import { connectionUser, extraReaders, readersOf } from '../../../../kit/channels.js'
import { reviewingRepresentatives } from './tender-representatives.js'

/**
 * Real-time events of a tender's bids and queries. The ability filter of channels.ts cannot
 * decide these alone: staff read them through the tender (their rules name `tenders` and its
 * person in charge, not `bids` or `tender-queries`), and the vendor rule of queries names the
 * company but not the status. So the readers by ability are completed here with:
 * - staff who may read the tender (person in charge, `read any`);
 * - the bid's vendor holding its read rule (`vendorResource`), never for a DRAFT query;
 * - the tender's representatives while it is in REVIEW (`tenders:review`), never DRAFT queries.
 * A DRAFT query reaches staff only, whoever else the ability filter let through.
 */
export async function publishTenderPart(app: Application, data: any, context: HookContext, vendorResource: 'bids' | 'queries'): Promise<Channel[]> {
  const draft = vendorResource === 'queries' && data?.status === 'DRAFT'
  let readers = readersOf(app, data, context)
  if (draft) readers = readers.map((channel) => channel.filter((connection) => connectionUser(app, connection)?.portal === 'staff'))
  if (!data?.tenderId || !data.region) return readers
  const db = app.get('knex')
  // A bid or query write read its tender already (`params.tenders`): not again for its event.
  const tender = (context?.params as any)?.tenders?.find((known: any) => known.id === data.tenderId) ?? (await db('tenders').where({ id: data.tenderId }).first('id', 'region', 'managedBy', 'status'))
  if (!tender) return readers
  const representatives = await reviewingRepresentatives(db, tender.id)
  const more = extraReaders(app, data.region, readers, data, (user, ability) => {
    const representative = !draft && representatives.includes(user.id) && ability.can('review', 'tenders')
    if (user.portal === 'staff') return representative || ability.can('read', subject('tenders', { ...tender }))
    if (user.portal !== 'vendors' || draft) return false
    return representative || (user.companyId === data.companyId && ability.can('read', vendorResource))
  })
  return [...readers, more]
}
