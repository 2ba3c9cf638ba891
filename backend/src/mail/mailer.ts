// One file on purpose (issue 28): the mailer is one closure over its transport and the outbox's
// rows. Queueing a request, rendering it in each recipient's language, sending it, retrying it and
// recording each recipient's delivery share that transport and that table, and read in order here.
import nodemailer, { type Transporter } from 'nodemailer'
import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import { appError } from '../errors.js'
import { pickLanguage, type Language } from '../i18n/messages.js'
import { logger } from '../logger.js'
import { announceMailMessage } from '../services/mail-messages/mail-messages.js'
import type { Queue } from '../jobs/queue.js'
import { addressKey, dedupeRecipients, flattenRecipients, isValidAddress, type AddressInput, type RecipientKind } from './recipients.js'
import { hasTemplate, renderRedacted, renderTemplate, type MailTemplateData, type MailTemplateName, type RenderedMail, type SavedText } from './templates.js'
import { textInUse } from './saved-templates.js'
import { inTransaction } from '../db/transaction.js'

/** A text file sent with a mail (an appointment's iCalendar), recorded with the message. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: string
}

/** What a module asks for: one template, its data, and the receivers (semicolon lists or arrays). */
export interface MailRequest<T extends MailTemplateName = MailTemplateName> {
  template: T
  to: AddressInput
  cc?: AddressInput
  bcc?: AddressInput
  data: MailTemplateData[T]
  region?: string | null
  /**
   * Whose administrators read it in the outbox (mail-messages): default the `region`, else
   * GLOBAL. An account mail names the regions of the account it is about.
   */
  regions?: readonly string[]
  /** Everyone gets this language; otherwise each receiver gets their user account's language. */
  language?: Language
  /** Files every receiver gets, the same in every language. */
  attachments?: readonly MailAttachment[]
  /** The text to send instead of the one in use (an administrator's test of an unsaved text); by default the region's saved version, else the catalogue's. */
  text?: SavedText
}

export type MessageStatus = 'PENDING' | 'SENT' | 'FAILED' | 'OUTBOX'
export type RecipientStatus = 'PENDING' | 'SENT' | 'FAILED' | 'OUTBOX'

export interface RecipientResult {
  address: string
  kind: RecipientKind
  status: RecipientStatus
  error: string | null
}

export interface DeliveryResult {
  messageId: number
  status: MessageStatus
  error: string | null
  /** The failure may pass (connection lost, 4xx): the job should try again. */
  retry: boolean
  recipients: RecipientResult[]
}

export interface Mailer {
  /** Records the mail (one message per receiver language) and sends it: through the job queue
   * when it runs, otherwise before answering. Answers the message ids. */
  enqueue<T extends MailTemplateName>(request: MailRequest<T>): Promise<number[]>
  /** Sends a recorded message to the receivers it has not reached yet and records the results. */
  deliver(messageId: number): Promise<DeliveryResult>
  /** Closes the pooled SMTP connections (at shutdown). */
  close(): void
}

declare module '../declarations.js' {
  interface Configuration {
    mailer: Mailer
  }
}

declare module '../jobs/queue.js' {
  interface JobTypes {
    'mail.send': { messageId: number }
  }
}

export const INVALID_ADDRESS = 'INVALID_ADDRESS'
/**
 * A mail job: tried 8 times over about 40 minutes (5 s doubling, pg-boss back-off). Its expiry
 * is short so that a job taken by a process that died is tried again within a minute (see
 * MAINTENANCE_INTERVAL_SECONDS); the SMTP timeouts below keep a live send well inside it.
 */
export const SEND_JOB = { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 30 }
/**
 * The mail worker: 20 jobs a fetch, 10 at a time over pooled SMTP connections; a backlog drains
 * without waiting for the polling interval (queue.ts), so throughput is bound by the SMTP peer
 * and the database, not by polling (it was one mail per 2 s poll).
 */
export const MAIL_WORKER = { batchSize: 20, concurrency: 10, pollingIntervalSeconds: 1 }
const SMTP_POOL = { pool: true, maxConnections: 5, maxMessages: 100, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

// A 5xx answer or a malformed address will not change on a second try; anything else might.
const isPermanent = (error: string | null) => error === INVALID_ADDRESS || /^5\d\d\b/.test(error ?? '')

function envelopeAddress(from: string) {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim()
}

function smtpAnswer(error: any): string {
  return String(error?.response ?? error?.message ?? error)
}

export function createMailer(app: Application): Mailer {
  const db = (): Knex => app.get('knex')
  let transporter: Transporter | undefined
  let transportKind: 'outbox' | 'smtp' | undefined

  function transport() {
    if (!transporter) {
      const config = app.get('mail') ?? ({} as any)
      transportKind = config.transport === 'smtp' ? 'smtp' : 'outbox'
      if (transportKind === 'smtp' && !config.smtpUrl) throw new Error('mail.transport is smtp but mail.smtpUrl is empty')
      // The outbox transport only builds the message: the database row is the outbox.
      // SMTP goes over a pool of kept-open connections: one handshake per connection, not per mail.
      transporter = transportKind === 'smtp' ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_POOL }) : nodemailer.createTransport({ jsonTransport: true })
    }
    return { transporter, kind: transportKind! }
  }

  /** The language of each address: its user's language (an enabled account first), else en-US. */
  async function languagesOf(addresses: string[]): Promise<Map<string, Language>> {
    const keys = [...new Set(addresses.map(addressKey))]
    const rows: { email: string; language: string }[] = await db()('users')
      .whereIn(db().raw('lower(email)') as any, keys)
      .orderBy([
        { column: 'enabled', order: 'desc' },
        { column: 'id', order: 'asc' }
      ])
      .select('email', 'language')
    const result = new Map<string, Language>()
    for (const row of rows) {
      const key = addressKey(row.email)
      if (!result.has(key)) result.set(key, pickLanguage(row.language))
    }
    return result
  }

  async function dispatch(messageId: number) {
    const queue: Queue | undefined = app.get('queue')
    if (queue?.started) {
      try {
        await queue.send('mail.send', { messageId }, SEND_JOB)
        return
      } catch (error) {
        logger.error(`mail ${messageId}: could not queue, sending now`, error)
      }
    }
    await deliver(messageId)
  }

  async function enqueue<T extends MailTemplateName>(request: MailRequest<T>): Promise<number[]> {
    if (!hasTemplate(request.template)) throw new Error(`There is no mail template ${request.template}`)
    const receivers = flattenRecipients(dedupeRecipients(request))
    if (receivers.length === 0) throw appError(400, 'NO_RECIPIENTS')

    const languages = request.language ? null : await languagesOf(receivers.map((receiver) => receiver.address))
    const groups = new Map<Language, typeof receivers>()
    for (const receiver of receivers) {
      const language = request.language ? pickLanguage(request.language) : (languages!.get(addressKey(receiver.address)) ?? 'en-US')
      groups.set(language, [...(groups.get(language) ?? []), receiver])
    }
    // Render every language first: a template error leaves no half-recorded mail. The text is
    // the one administrators saved for the region (or GLOBAL), else the catalogue's.
    const messages: { language: Language; group: typeof receivers; rendered: RenderedMail; redacted: RenderedMail | null }[] = []
    for (const [language, group] of groups) {
      const saved = request.text ?? (await textInUse(db(), request.region ?? 'GLOBAL', request.template, language)).text
      const data = request.data as Record<string, unknown>
      messages.push({ language, group, rendered: renderTemplate(request.template, language, data, saved), redacted: renderRedacted(request.template, language, data, saved) })
    }
    const readers = [...new Set(request.regions?.length ? request.regions : [request.region ?? 'GLOBAL'])]

    const ids = await inTransaction(db(), async (trx) => {
      const created: number[] = []
      for (const { language, group, rendered, redacted } of messages) {
        const list = (kind: RecipientKind) => JSON.stringify(group.filter((receiver) => receiver.kind === kind).map((receiver) => receiver.address))
        const [{ id }] = await trx('mail_messages').insert(
          {
            region: request.region ?? null,
            template: request.template,
            language,
            to: list('to'),
            cc: list('cc'),
            bcc: list('bcc'),
            ...rendered,
            regions: readers,
            htmlRedacted: redacted?.html ?? null,
            textRedacted: redacted?.text ?? null,
            attachments: JSON.stringify(request.attachments ?? []),
            status: 'PENDING'
          },
          ['id']
        )
        await trx('mail_recipients').insert(
          group.map(({ address, kind }) => {
            const valid = isValidAddress(address)
            return { messageId: id, address, kind, status: valid ? 'PENDING' : 'FAILED', error: valid ? null : INVALID_ADDRESS }
          })
        )
        created.push(id)
      }
      return created
    })
    for (const id of ids) await announceMailMessage(app, id, 'created')
    for (const id of ids) await dispatch(id)
    return ids
  }

  async function deliver(messageId: number): Promise<DeliveryResult> {
    // Both reads at once, and one statement for the results below: a mail costs few round trips.
    const [message, recipients]: [any, (RecipientResult & { id: number })[]] = await Promise.all([
      db()('mail_messages').where({ id: messageId }).first(),
      db()('mail_recipients').where({ messageId }).orderBy('id').select('id', 'address', 'kind', 'status', 'error')
    ])
    if (!message) throw appError(404, 'NOT_FOUND')
    const answer = (retry: boolean, status: MessageStatus = message.status, error: string | null = message.error ?? null): DeliveryResult => ({
      messageId,
      status,
      error,
      retry,
      recipients: recipients.map(({ address, kind, status: recipientStatus, error: recipientError }) => ({ address, kind, status: recipientStatus, error: recipientError }))
    })
    // A job may run twice (at-least-once): a delivered message is not sent again.
    if (message.status === 'SENT' || message.status === 'OUTBOX') return answer(false)

    const pending = recipients.filter((recipient) => recipient.status !== 'SENT' && !(recipient.status === 'FAILED' && isPermanent(recipient.error)))
    const { transporter: sender, kind } = transport()
    const results = new Map<number, { status: RecipientStatus; error: string | null }>()
    let messageError: string | null = null
    let retry = false
    let smtpMessageId: string | null = message.messageId ?? null

    if (pending.length === 0) {
      // Tried before and nobody left who could still take it: the record already says so.
      if (message.status !== 'PENDING') return answer(false)
      messageError = 'No valid recipient'
    } else {
      const headerList = (kindWanted: RecipientKind) => recipients.filter((recipient) => recipient.kind === kindWanted && recipient.error !== INVALID_ADDRESS).map((recipient) => recipient.address)
      const from = app.get('mail')?.from || 'Estate Portal <no-reply@localhost>'
      try {
        const info = await sender.sendMail({
          from,
          to: headerList('to'),
          cc: headerList('cc'),
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: ((message.attachments ?? []) as MailAttachment[]).map(({ filename, contentType, content }) => ({ filename, contentType, content })),
          // The envelope names exactly who still needs the mail; bcc receivers are only here.
          envelope: { from: envelopeAddress(from), to: pending.map((recipient) => recipient.address) }
        })
        smtpMessageId = info.messageId ?? null
        const rejected = new Map<string, string>()
        for (const error of (info as any).rejectedErrors ?? []) rejected.set(addressKey(error.recipient), smtpAnswer(error))
        for (const address of (info as any).rejected ?? []) if (!rejected.has(addressKey(address))) rejected.set(addressKey(address), 'Rejected')
        for (const recipient of pending) {
          const refusal = rejected.get(addressKey(recipient.address))
          results.set(recipient.id, refusal ? { status: 'FAILED', error: refusal } : { status: kind === 'outbox' ? 'OUTBOX' : 'SENT', error: null })
        }
        if (rejected.size)
          messageError = `Rejected: ${pending
            .filter((recipient) => rejected.has(addressKey(recipient.address)))
            .map((recipient) => `${recipient.address} (${rejected.get(addressKey(recipient.address))})`)
            .join('; ')}`
      } catch (error: any) {
        const perRecipient = new Map<string, string>()
        for (const refusal of error?.rejectedErrors ?? []) perRecipient.set(addressKey(refusal.recipient), smtpAnswer(refusal))
        for (const recipient of pending) {
          results.set(recipient.id, { status: 'FAILED', error: perRecipient.get(addressKey(recipient.address)) ?? smtpAnswer(error) })
        }
        messageError = smtpAnswer(error)
        retry = [...results.values()].some((result) => !isPermanent(result.error))
        logger.warn(`mail ${messageId} failed: ${messageError}`)
      }
    }

    for (const recipient of recipients) {
      const result = results.get(recipient.id)
      if (result) Object.assign(recipient, result)
    }
    const reached = recipients.some((recipient) => recipient.status === 'SENT' || recipient.status === 'OUTBOX')
    const status: MessageStatus = !reached ? 'FAILED' : kind === 'outbox' ? 'OUTBOX' : 'SENT'
    const now = new Date()
    // The receivers' results and the message's in one statement (atomic without a transaction).
    const receiverResults = JSON.stringify([...results].map(([id, result]) => ({ id, status: result.status, error: result.error })))
    await db().raw(
      `
      WITH receivers AS (
        UPDATE mail_recipients AS r SET status = v.status, error = v.error
        FROM json_to_recordset(?::json) AS v(id int, status text, error text)
        WHERE r.id = v.id AND r.message_id = ?
        RETURNING r.id
      )
      UPDATE mail_messages SET status = ?, error = ?, transport = ?, message_id = ?, sent_at = ?, updated_at = ?
      WHERE id = ?`,
      [receiverResults, messageId, status, messageError, kind, smtpMessageId, reached ? now : null, now, messageId]
    )
    await announceMailMessage(app, messageId, 'patched')
    return answer(status === 'FAILED' && retry, status, messageError)
  }

  function close() {
    transporter?.close()
    transporter = undefined
  }

  return { enqueue, deliver, close }
}

/**
 * Sets `app.get('mailer')` and, when the job queue exists, the worker that sends queued mail
 * (a failure that may pass is thrown, so pg-boss tries again with back-off).
 */
export function configureMail(app: Application): Mailer {
  const mailer = createMailer(app)
  app.set('mailer', mailer)
  const queue = app.get('queue')
  if (queue) {
    queue
      .work(
        'mail.send',
        async ({ messageId }) => {
          const result = await mailer.deliver(messageId)
          if (result.retry) throw new Error(`mail ${messageId}: ${result.error}`)
        },
        MAIL_WORKER
      )
      .catch((error) => logger.error('mail worker:', error))
  }
  app.hooks({
    teardown: [
      async (_context: any, next: () => Promise<void>) => {
        await next()
        mailer.close()
      }
    ]
  } as any)
  return mailer
}
