import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import type { Application } from '../src/declarations.js'

/** One message as the SMTP peer received it: the envelope's sender and receivers, and the parsed mail. */
export interface CapturedMail {
  mailFrom: string
  rcptTo: string[]
  mail: ParsedMail
}

export const TEST_MAIL_FROM = 'Estate Portal <no-reply@example.com>'

/**
 * A real SMTP peer on a free local port that keeps every message it receives, for the tests of who
 * receives which mail in which language. `onRcptTo` lets a test refuse some receivers. Close it in
 * `afterAll`.
 */
export async function startSmtpCapture(options: { onRcptTo?: SMTPServerOptions['onRcptTo'] } = {}) {
  const captured: CapturedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: options.onRcptTo,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        captured.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          mail
        })
        callback()
      }, callback)
    }
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  const url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`
  return {
    captured,
    url,
    /** Points the app's mailer at this peer; call it before any mail (the mailer opens its transport on first use). */
    deliverFrom(app: Application) {
      app.set('mail', { transport: 'smtp', smtpUrl: url, from: TEST_MAIL_FROM } as any)
    },
    /** The messages received by now that match, waiting (no fixed sleep) until `count` are in, or 15 s. */
    async received(match: (mail: ParsedMail) => boolean, count: number): Promise<CapturedMail[]> {
      const deadline = Date.now() + 15_000
      for (;;) {
        const found = captured.filter((entry) => match(entry.mail))
        if (found.length >= count || Date.now() > deadline) return found
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  }
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>
