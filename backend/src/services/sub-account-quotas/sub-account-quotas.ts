import { subject } from '@casl/ability'
import type { Id, Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { managesAnyAccount } from '../../abilities/define-rules.js'
import { vendorSubAccountTypes } from '../../abilities/permissions.shared.js'
import { appError } from '../../errors.js'
import { accountActor, subAccountQuota } from '../users/account-policy.js'
import { subAccountQuotasMethods, subAccountQuotasPath, type SubAccountQuota } from './sub-account-quotas.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [subAccountQuotasPath]: SubAccountQuotaService
  }
}

/**
 * `GET /v1/sub-account-quotas/own` (a vendor master account's company) or `/{companyId}` (an
 * administrator): the "n of 6" of the vendor settings screen. Only whoever may create a
 * sub-account of that company asks; anyone else is refused (403), the company unknown is 404.
 */
export class SubAccountQuotaService {
  constructor(private app: Application) {}

  async get(id: Id, params: Params = {}): Promise<SubAccountQuota> {
    const actor = accountActor(params)
    // Over the API only a signed-in caller asks (the app's authentication answers 401 before this).
    if (params.provider && !actor) throw appError(403, 'FORBIDDEN')
    const companyId = id === 'own' ? actor?.user.companyId : Number(id)
    if (companyId == null || !Number.isSafeInteger(companyId) || companyId < 1 || companyId > 2_147_483_647) throw appError(404, 'NOT_FOUND')
    if (actor && !managesAnyAccount(actor.ability, 'create')) {
      const mayCreate = vendorSubAccountTypes.some((userType) => actor.ability.can('create', subject('users', { companyId, userType }) as any))
      if (!mayCreate) throw appError(403, 'FORBIDDEN')
    }
    return subAccountQuota(this.app.get('knex'), companyId)
  }
}

export const subAccountQuotas = (app: Application) => {
  app.use(subAccountQuotasPath, new SubAccountQuotaService(app), { methods: [...subAccountQuotasMethods] } as any)
}
