import { schemaHooks } from '../../validators.js'
import type { Application, HookContext } from '../../declarations.js'
import { connectionUser } from '../../kit/channels.js'
import { appError } from '../../errors.js'
import { MailTemplatePreviewService, MailTemplateService, MailTemplateTestService } from './mail-templates.class.js'
import { mailTemplatePatchValidator, mailTemplateTryValidator } from './mail-templates.schema.js'
import { mailTemplatePreviewsPath, mailTemplatesMethods, mailTemplatesPath, mailTemplateTestsPath } from './mail-templates.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [mailTemplatesPath]: MailTemplateService
    [mailTemplatePreviewsPath]: MailTemplatePreviewService
    [mailTemplateTestsPath]: MailTemplateTestService
  }
}

/** The templates are settings (issue 27 item 19): only who may update the region's settings reads, previews, tests or saves them (403 otherwise). */
const mayEditSettings = (context: HookContext) => {
  if (!context.params.provider) return context
  if (!context.params.ability?.can('update', 'settings')) throw appError(403, 'FORBIDDEN')
  return context
}

/** The event after a save shows the template as the saving region sees it, after the commit (as settings.ts). */
const publishForRegion = (context: HookContext) => {
  if (!context.params.afterCommit) return context
  const { result, self } = context
  context.event = null
  context.params.afterCommit.push(() => (self as any).emit('patched', result, context))
  return context
}

/** A preview changes nothing: no event. */
const noEvent = (context: HookContext) => {
  context.event = null
  return context
}

export const mailTemplates = (app: Application) => {
  app.use(mailTemplatesPath, new MailTemplateService(app), { methods: [...mailTemplatesMethods] } as any)
  app.service(mailTemplatesPath).hooks({
    before: {
      all: [mayEditSettings],
      patch: [schemaHooks.validateData(mailTemplatePatchValidator)]
    },
    after: { patch: [publishForRegion] }
  })
  // A saved template reaches the region's connections (every region's for GLOBAL's) that may edit settings.
  app.service(mailTemplatesPath).publish((data: any) => {
    const names = app.channels.filter((name) => name.startsWith('region/') && (data?.region === 'GLOBAL' || name === `region/${data?.region}`))
    if (!names.length) return []
    return app.channel(names).filter((connection) => Boolean(connectionUser(app, connection) && (connection as any).ability?.can('update', 'settings')))
  })

  app.use(mailTemplatePreviewsPath, new MailTemplatePreviewService(), { methods: ['create'], audit: false } as any)
  app.service(mailTemplatePreviewsPath).hooks({
    before: { create: [mayEditSettings, schemaHooks.validateData(mailTemplateTryValidator)] },
    after: { create: [noEvent] }
  })

  app.use(mailTemplateTestsPath, new MailTemplateTestService(app), { methods: ['create'] } as any)
  app.service(mailTemplateTestsPath).hooks({
    before: { create: [mayEditSettings, schemaHooks.validateData(mailTemplateTryValidator)] }
  })
}
