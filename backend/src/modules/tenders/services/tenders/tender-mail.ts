import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { logger } from '../../../../logger.js'
import { mailLink } from '../../../../mail/links.js'
import type { MailTemplateData, MailTemplateName } from '../../../../mail/templates.js'

/** Who reads the mail: vendors follow links into the vendor portal, staff into the staff one. */
export type TenderMailAudience = 'staff' | 'vendors'

/**
 * A date and time as the tender's region reads it, the same in both languages:
 * "2026-12-04 17:00 (UTC+08:00)". Mails are read days later and far away; an ISO instant in UTC
 * would make the vendor do the time-zone sums.
 */
export function regionTime(instant: Date | string | null | undefined, timeZone: string): string {
  if (!instant) return '-'
  const date = new Date(instant)
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset'
  }).formatToParts(date).map((part) => [part.type, part.value]))
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace('GMT', '')
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (UTC${offset})`
}

/** The link of a tender mail: the vendor's tender list, or the staff screen given by `path`; absolute (mail/links.ts). */
export function tenderLink(app: Application, params: Params, tenderId: string, audience: TenderMailAudience, path?: string) {
  return mailLink(app, params, audience === 'vendors' ? '/vendors/tenders' : path ?? `/tender/${tenderId}`)
}

type TenderMailName = Extract<MailTemplateName, `tender.${string}`>
type Extra<T extends TenderMailName> = Omit<MailTemplateData[T], 'prNumber' | 'description' | 'closingAt' | 'link'>

/**
 * Every tender notice goes out here: the tender's facts (PR, description, closing in the
 * region's time, link for the audience) plus the template's own values, queued after the
 * write commits so a rolled-back action mails no one.
 * `parties` holds one address list per party (a vendor company's accounts, or one staff
 * member): each party gets a message of its own, so no vendor learns who else was invited,
 * bid, was awarded or regretted.
 */
export async function sendTenderMail<T extends TenderMailName>(
  app: Application, params: Params, template: T, parties: string[][], tender: any, extra: Extra<T>,
  { audience, path }: { audience: TenderMailAudience; path?: string }
) {
  const receivers = parties.filter((party) => party.length > 0)
  if (!receivers.length) return
  const timeZone = (await app.get('regionCache').get(tender.region))?.timeZone ?? 'UTC'
  const data = {
    prNumber: tender.prNumber,
    description: tender.prDescription ?? tender.prNumber,
    closingAt: regionTime(tender.closingAt, timeZone),
    link: tenderLink(app, params, tender.id, audience, path),
    ...extra
  }
  const send = async () => {
    const mailer = app.get('mailer')
    for (const to of receivers) await mailer?.enqueue({ template, to, region: tender.region, data } as any)
  }
  if (params.afterCommit) params.afterCommit.push(send)
  else void send().catch((error) => logger.error(`${template} mail:`, error))
}
