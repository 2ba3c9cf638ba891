import { schemaHooks } from '../../validators.js'
import { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../declarations.js'
import { readersOf } from '../../kit/channels.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../../kit/query.js'
import { MailMessageService } from './mail-messages.class.js'
import { mailMessageListFields, mailMessageQueryValidator, mailMessageSchema } from './mail-messages.schema.js'
import { mailMessagesMethods, mailMessagesPath } from './mail-messages.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [mailMessagesPath]: MailMessageService
  }
}

/**
 * A mail the mailer recorded or sent, announced to the viewers of the outbox: the list's fields
 * only (never a body, so never a hidden value), after its row is committed. The mailer writes
 * the table itself, so it calls this; nothing happens while the service is not registered.
 */
export async function announceMailMessage(app: Application, id: number, event: 'created' | 'patched') {
  const service = (app as any).services?.[mailMessagesPath]
  if (!service) return
  const row = await app
    .get('knex')('mail_messages')
    .where({ id })
    .first([...mailMessageListFields, 'regions'])
  if (row) service.emit(event, row)
}

/**
 * The outbox, for administrators holding `mail-messages` read: the mails of the request's region
 * (every mail in GLOBAL), account secrets hidden from those who may not unlock accounts
 * (mail-messages.class.ts). Live events reach the connections that a find would show the mail
 * to: of a region the mail names, or of GLOBAL, whose ability reads the outbox.
 */
export const mailMessages = (app: Application) => {
  app.use(
    mailMessagesPath,
    new MailMessageService({
      Model: app.get('knex'),
      name: 'mail_messages',
      paginate: app.get('paginate'),
      operators: knexOperators
    }),
    { methods: [...mailMessagesMethods], regional: false, audit: false } as any
  )

  app.service(mailMessagesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(mailMessageQueryValidator), authorize(mailMessageSchema)],
      get: [schemaHooks.validateQuery(mailMessageQueryValidator), authorize(mailMessageSchema)]
    },
    after: { all: [authorize(mailMessageSchema)] }
  })
  app.service(mailMessagesPath).publish((data: any, context: HookContext) => {
    if (!Array.isArray(data?.regions)) return []
    const { regions, ...mail } = data
    // By the regions that read it (readersOf goes by `region` first, the mail's own), plus GLOBAL;
    // which regions those are is the server's business: the event leaves without them.
    return readersOf(app, { ...mail, region: undefined, regions: [...regions, 'GLOBAL'] }, context).map((channel) => {
      const { regions: _regions, ...shown } = (channel as any).data ?? mail
      return new Channel(channel.connections, 'region' in shown ? { ...shown, region: mail.region } : shown)
    })
  })
}
