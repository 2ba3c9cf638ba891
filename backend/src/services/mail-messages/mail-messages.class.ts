import type { Id, Params } from '@feathersjs/feathers'
import type { KnexAdapterParams } from '@feathersjs/knex'
import { PortalKnexService } from '../knex-service.js'
import { mailMessageListFields, type MailMessage } from './mail-messages.schema.js'

type MailMessageParams = KnexAdapterParams & Params

/** The admin mail viewer: read-only, newest first, the receivers' results with one mail. */
export class MailMessageService extends PortalKnexService<MailMessage> {
  createQuery(params: MailMessageParams = {}) {
    const { address, ...query } = (params.query ?? {}) as Record<string, any>
    const builder = super.createQuery({ ...params, query })
    if (address) {
      builder.whereExists((sub) => {
        sub.select(1).from('mail_recipients')
          .whereRaw('mail_recipients.message_id = mail_messages.id')
          .whereRaw('lower(mail_recipients.address) = lower(?)', [String(address).trim()])
      })
    }
    return builder
  }

  async find(params: MailMessageParams = {}): Promise<any> {
    const query = { ...params.query }
    if (!query.$select) query.$select = [...mailMessageListFields]
    if (!query.$sort) query.$sort = { id: -1 }
    return super.find({ ...params, query })
  }

  async get(id: Id, params: MailMessageParams = {}): Promise<MailMessage> {
    const message = await super.get(id, params)
    const recipients = await this.Model('mail_recipients').where({ messageId: message.id }).orderBy('id')
      .select('id', 'messageId', 'address', 'kind', 'status', 'error')
    return { ...message, recipients }
  }
}
