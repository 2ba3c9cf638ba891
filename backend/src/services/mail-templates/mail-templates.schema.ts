import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../validators.js'

const language = Type.Union([Type.Literal('en-US'), Type.Literal('zh-CN')])
const subject = Type.String({ maxLength: 300 })
const body = Type.String({ maxLength: 20000 })

export const mailTemplateSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    region: Type.String(),
    label: Type.String(),
    description: Type.String(),
    fields: Type.Array(Type.String()),
    languages: Type.Any(),
    versions: Type.Optional(Type.Array(Type.Any()))
  },
  { $id: 'MailTemplate', additionalProperties: false }
)

/** A save of one language's subject and body, or a restore (`restore`: a version number of the region, or `default`). */
export const mailTemplatePatchSchema = Type.Object(
  {
    language,
    subject: Type.Optional(subject),
    body: Type.Optional(body),
    restore: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Literal('default')])),
    updatedAt: Type.Union([Type.String(), Type.Null()])
  },
  { $id: 'MailTemplatePatch', additionalProperties: false }
)
export type MailTemplatePatchData = Static<typeof mailTemplatePatchSchema>
export const mailTemplatePatchValidator = getValidator(mailTemplatePatchSchema, dataValidator)

/** A text to preview or to send as a test: the template, the language, the text (unsaved), and for a preview sample values of its own. */
export const mailTemplateTrySchema = Type.Object(
  {
    template: Type.String({ maxLength: 80 }),
    language,
    subject,
    body,
    data: Type.Optional(Type.Record(Type.String({ maxLength: 80 }), Type.String({ maxLength: 1000 })))
  },
  { $id: 'MailTemplateTry', additionalProperties: false }
)
export type MailTemplateTry = Static<typeof mailTemplateTrySchema>
export const mailTemplateTryValidator = getValidator(mailTemplateTrySchema, dataValidator)
