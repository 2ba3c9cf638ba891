import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../query.js'
import { MailMessageService } from './mail-messages.class.js'
import { mailMessageQueryValidator, mailMessageSchema } from './mail-messages.schema.js'
import { mailMessagesMethods, mailMessagesPath } from './mail-messages.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [mailMessagesPath]: MailMessageService
  }
}

/**
 * The outbox, for administrators holding `mail-messages` read: the mails of the request's region
 * (every mail in GLOBAL), account secrets hidden from those who may not unlock accounts
 * (mail-messages.class.ts). It has no live events: a mail is recorded by the mailer, not through
 * this service, and the viewer reloads; the publisher below keeps it so should anything emit one.
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
  app.service(mailMessagesPath).publish(() => [])
}
