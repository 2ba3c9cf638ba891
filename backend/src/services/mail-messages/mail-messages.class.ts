import type { Id, Params } from '@feathersjs/feathers'
import type { KnexAdapterParams } from '@feathersjs/knex'
import type { AppAbility } from '../../abilities/define-rules.js'
import { PortalKnexService } from '../../kit/knex-service.js'
import { mailMessageListFields, type MailMessage } from './mail-messages.schema.js'
import { regionsInclude } from '../../db/regions-include.js'

type MailMessageParams = KnexAdapterParams & Params

/**
 * Whoever may unlock any account of the region handles lost access there, so they read the
 * mails that open an account (reset, unlock and invitation links, two-factor codes) as sent;
 * every other reader of the outbox reads them with those values hidden (mail/templates.ts).
 */
export function readsAccountSecrets(ability: AppAbility | undefined): boolean {
  return !!ability?.rulesFor('unlock', 'users').some((rule) => !rule.inverted && !rule.conditions && !rule.fields)
}

/**
 * The admin mail viewer: read-only, newest first, the receivers' results with one mail.
 * A caller reads the mails of the request's region (a mail names the regions whose
 * administrators read it: its own region, or the regions of the account an account mail is
 * about); in GLOBAL, every mail. Internal calls are not scoped.
 */
export class MailMessageService extends PortalKnexService<MailMessage> {
  createQuery(params: MailMessageParams = {}) {
    const { address, ...query } = (params.query ?? {}) as Record<string, any>
    const builder = super.createQuery({ ...params, query })
    if (params.provider && params.region !== 'GLOBAL') {
      builder.whereRaw(regionsInclude('mail_messages.regions', params.region))
    }
    if (address) {
      builder.whereExists((sub) => {
        sub
          .select(1)
          .from('mail_recipients')
          .whereRaw('mail_recipients.message_id = mail_messages.id')
          .whereRaw('lower(mail_recipients.address) = lower(?)', [String(address).trim()])
      })
    }
    return builder
  }

  async find(params: MailMessageParams = {}): Promise<any> {
    const query = { ...params.query }
    // Never the bodies in a list (nor the hidden-value copies): they are read one at a time.
    const listed = new Set<string>(mailMessageListFields)
    query.$select = Array.isArray(query.$select) ? query.$select.filter((field: string) => listed.has(field)) : [...mailMessageListFields]
    if (!query.$select.length) query.$select = [...mailMessageListFields]
    if (!query.$sort) query.$sort = { id: -1 }
    return super.find({ ...params, query })
  }

  async get(id: Id, params: MailMessageParams = {}): Promise<MailMessage> {
    // Every column, whatever $select asks: the hidden-value copies decide what this caller reads.
    const { $select: _select, ...query } = (params.query ?? {}) as Record<string, unknown>
    const { htmlRedacted, textRedacted, regions: _regions, attachments, ...message } = (await super.get(id, { ...params, query })) as any
    const recipients = await this.Model('mail_recipients').where({ messageId: message.id }).orderBy('id').select('id', 'messageId', 'address', 'kind', 'status', 'error')
    const hide = params.provider && !readsAccountSecrets(params.ability)
    return {
      ...message,
      ...(hide && htmlRedacted != null ? { html: htmlRedacted } : {}),
      ...(hide && textRedacted != null ? { text: textRedacted } : {}),
      // What was attached, by name and type: the outbox lists them, the mail itself carries them.
      attachments: ((attachments ?? []) as Array<{ filename: string; contentType: string }>).map(({ filename, contentType }) => ({ filename, contentType })),
      recipients
    }
  }
}
