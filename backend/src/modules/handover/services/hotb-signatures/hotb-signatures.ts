import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { rateLimited } from '../../../../auth/rate-limits.js'
import { mayReadHotb } from '../hotb/hotb-lines.js'
import { HotbSignatureService } from './hotb-signatures.class.js'
import { hotbSignaturesAccess } from './hotb-signatures.access.js'
import { HotbSigningService } from './hotb-signing.class.js'
import { HotbSealCheckService } from './hotb-seal-checks.class.js'
import { hotbSealCheckValidator, hotbSigningDataValidator, hotbSigningOpenValidator } from './hotb-signatures.schema.js'
import { hotbSealChecksMethods, hotbSealChecksPath, hotbSignaturesMethods, hotbSignaturesPath, hotbSigningMethods, hotbSigningPath } from './hotb-signatures.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbSignaturesPath]: HotbSignatureService
    [hotbSigningPath]: HotbSigningService
    [hotbSealChecksPath]: HotbSealCheckService
  }
}

/**
 * Signing in person and the sealed original (issue 31 §7): the record's signatures and its signing
 * sessions (staff, in the region), the public signing page's calls (by the link's token) and the
 * public verify page's check (by a document's SHA-256). The public ones are counted against the
 * caller's address like the other public doors (rate-limits.ts) and send no live events of their
 * own: a signature given is announced by `hotb-signatures` to the record's readers.
 */
export const hotbSignatures = (app: Application) => {
  app.use(hotbSignaturesPath, new HotbSignatureService(app), {
    methods: [...hotbSignaturesMethods],
    regional: true,
    feature: 'TENANT_PROJECTS',
    // The audit row of `open` never holds the link.
    secretFields: ['token', 'path'],
    // A party's signature (given on the signing page, hotb-signing.class.ts) is announced to the record's readers.
    access: hotbSignaturesAccess
  } as any)
  const signatures: any = app.service(hotbSignaturesPath)
  signatures.hooks({
    before: {
      all: [mayReadHotb],
      open: [schemaHooks.validateData(hotbSigningOpenValidator)]
    }
  })

  app.use(hotbSigningPath, new HotbSigningService(app), {
    methods: [...hotbSigningMethods],
    events: [],
    publicMethods: [...hotbSigningMethods],
    audit: false
  } as any)
  const signing: any = app.service(hotbSigningPath)
  signing.hooks({
    around: { get: [rateLimited()], create: [rateLimited()] },
    before: { create: [schemaHooks.validateData(hotbSigningDataValidator)] }
  })
  if (typeof signing.publish === 'function') signing.publish(() => null)

  app.use(hotbSealChecksPath, new HotbSealCheckService(app), {
    methods: [...hotbSealChecksMethods],
    events: [],
    publicMethods: [...hotbSealChecksMethods],
    audit: false
  } as any)
  const checks: any = app.service(hotbSealChecksPath)
  checks.hooks({
    around: { create: [rateLimited()] },
    before: { create: [schemaHooks.validateData(hotbSealCheckValidator)] }
  })
  if (typeof checks.publish === 'function') checks.publish(() => null)
}
