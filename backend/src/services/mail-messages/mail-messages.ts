import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../query.js'
import { MailMessageService } from './mail-messages.class.js'
import { mailMessageQueryValidator, mailMessageSchema } from './mail-messages.schema.js'
import { mailMessagesMethods, mailMessagesPath } from './mail-messages.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes { [mailMessagesPath]: MailMessageService }
}

/** Every mail of every region, for administrators holding `mail-messages` read. */
export const mailMessages = (app: Application) => {
  app.use(mailMessagesPath, new MailMessageService({
    Model: app.get('knex'), name: 'mail_messages', paginate: app.get('paginate'), operators: knexOperators
  }), { methods: [...mailMessagesMethods], regional: false, audit: false } as any)

  app.service(mailMessagesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(mailMessageQueryValidator), authorize(mailMessageSchema)],
      get: [schemaHooks.validateQuery(mailMessageQueryValidator), authorize(mailMessageSchema)]
    },
    after: { all: [authorize(mailMessageSchema)] }
  })
}
