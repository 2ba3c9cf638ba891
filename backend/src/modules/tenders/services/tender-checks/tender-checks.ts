import { schemaHooks } from '../../../../validators.js'
import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { dataValidator } from '../../../../validators.js'
import { checkPurchaseRequest, type TenderKind } from './pr-check.js'

export const tenderChecksPath = 'tender-checks'

const tenderCheckSchema = Type.Object(
  {
    prNumber: Type.String({ minLength: 1, maxLength: 64 }),
    kind: Type.Optional(Type.Union([Type.Literal('TENDER'), Type.Literal('ITQ')]))
  },
  { $id: 'TenderCheck', additionalProperties: false }
)
const tenderCheckValidator = getValidator(tenderCheckSchema, dataValidator)

/** `POST /tender-checks {prNumber, kind?}`: may a tender be created from this PR? Answers the PR's facts. */
export class TenderCheckService {
  constructor(private app: Application) {}
  async create(data: { prNumber: string; kind?: TenderKind }, params: Params = {}) {
    if (params.provider && !params.ability?.can('create', 'tenders')) throw appError(403, 'FORBIDDEN')
    return checkPurchaseRequest(this.app.get('knex'), params.region ?? 'GLOBAL', data.prNumber.trim(), { kind: data.kind, userId: params.user?.id })
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderChecksPath]: TenderCheckService
  }
}

export const tenderChecks = (app: Application) => {
  app.use(tenderChecksPath, new TenderCheckService(app), { methods: ['create'], feature: 'TENDERS', audit: false } as any)
  app.service(tenderChecksPath).hooks({ before: { create: [schemaHooks.validateData(tenderCheckValidator)] } })
}
