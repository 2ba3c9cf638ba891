import type { Application } from '../declarations.js'
import { logger } from '../logger.js'
import type { MailRequest } from './mailer.js'

/**
 * Queues mails once the request's transaction has committed (`params.afterCommit`, set by the
 * audited write), so a write that rolls back mails no one; outside a request, at once. A mail
 * that cannot be queued is logged: the write it reports has already happened.
 */
export function sendAfterCommit(app: Application, params: { afterCommit?: Array<() => unknown> } | undefined, mails: readonly MailRequest[]) {
  if (mails.length === 0) return
  const send = async () => {
    for (const mail of mails) await app.get('mailer')?.enqueue(mail)
  }
  if (params?.afterCommit) params.afterCommit.push(() => send().catch((error) => logger.error(`${mails[0].template} mail:`, error)))
  else return send().catch((error) => logger.error(`${mails[0].template} mail:`, error))
}
