import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { formatMailDateTime } from '../../../../format/format.shared.js'
import { mailLink } from '../../../../mail/links.js'
import type { MailTemplateData, MailTemplateName } from '../../../../mail/templates.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'

/** Who reads the mail: vendors follow links into the vendor portal, staff into the staff one. */
export type TenderMailAudience = 'staff' | 'vendors'

/** The link of a tender mail: the vendor's tender list, or the staff screen given by `path`; absolute (mail/links.ts). */
export function tenderLink(app: Application, params: Params, tenderId: string, audience: TenderMailAudience, path?: string) {
  return mailLink(app, params, audience === 'vendors' ? '/vendors/tenders' : (path ?? `/tender/${tenderId}`))
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
  app: Application,
  params: Params,
  template: T,
  parties: string[][],
  tender: any,
  extra: Extra<T>,
  { audience, path }: { audience: TenderMailAudience; path?: string }
) {
  const receivers = parties.filter((party) => party.length > 0)
  if (!receivers.length) return
  const timeZone = (await app.get('regionCache').get(tender.region))?.timeZone ?? 'UTC'
  const data = {
    prNumber: tender.prNumber,
    description: tender.prDescription ?? tender.prNumber,
    closingAt: formatMailDateTime(tender.closingAt, timeZone),
    link: tenderLink(app, params, tender.id, audience, path),
    ...extra
  }
  sendAfterCommit(
    app,
    params,
    receivers.map((to) => ({ template, to, region: tender.region, data }) as any)
  )
}
