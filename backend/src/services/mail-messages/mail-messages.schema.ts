import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'

const nullableString = () => Type.Union([Type.String(), Type.Null()])
const status = Type.Union(['PENDING', 'SENT', 'FAILED', 'OUTBOX'].map((value) => Type.Literal(value)))

/** One receiver of a mail and what became of it. */
export const mailRecipientSchema = Type.Object(
  {
    id: Type.Integer(),
    messageId: Type.Integer(),
    address: Type.String(),
    kind: Type.Union([Type.Literal('to'), Type.Literal('cc'), Type.Literal('bcc')]),
    status,
    /** The server's answer for a refused receiver (`550 ...`), or INVALID_ADDRESS. */
    error: nullableString()
  },
  { $id: 'MailRecipient', additionalProperties: false }
)
export type MailRecipient = Static<typeof mailRecipientSchema>

/** A mail as recorded by the mailer: the outbox, and the log of what was sent. */
export const mailMessageSchema = Type.Object(
  {
    id: Type.Integer(),
    region: nullableString(),
    template: Type.String(),
    language: Type.String(),
    to: Type.Array(Type.String()),
    cc: Type.Array(Type.String()),
    bcc: Type.Array(Type.String()),
    subject: Type.String(),
    html: Type.String(),
    text: Type.String(),
    status,
    error: nullableString(),
    transport: nullableString(),
    /** The Message-ID header the mail went out with. */
    messageId: nullableString(),
    createdAt: Type.Any(),
    sentAt: Type.Any(),
    updatedAt: Type.Any(),
    /** Only in `get`: the attached files' names and types. */
    attachments: Type.Optional(Type.Array(Type.Object({ filename: Type.String(), contentType: Type.String() }))),
    /** Only in `get`. */
    recipients: Type.Optional(Type.Array(mailRecipientSchema))
  },
  { $id: 'MailMessage', additionalProperties: false }
)
export type MailMessage = Static<typeof mailMessageSchema>

/** The columns a list shows: the bodies are read one mail at a time. */
export const mailMessageListFields = ['id', 'region', 'template', 'language', 'to', 'cc', 'bcc', 'subject', 'status', 'error', 'transport', 'createdAt', 'sentAt', 'updatedAt'] as const

const query: any = listQuery(mailMessageSchema, ['id', 'region', 'template', 'language', 'subject', 'status', 'transport', 'createdAt', 'sentAt'], ['template', 'subject'])
// Mails that went to an address, in any of to, cc and bcc (case-insensitive).
query.properties.address = Type.String({ minLength: 1, maxLength: 254 })
export const mailMessageQuerySchema = query
export const mailMessageQueryValidator = getValidator(mailMessageQuerySchema, queryValidator)
