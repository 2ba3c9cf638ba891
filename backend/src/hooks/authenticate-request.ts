import { authenticate } from '@feathersjs/authentication'
import { serviceOptions as getServiceOptions } from '../service-options.js'
import type { HookContext, NextFunction } from '../declarations.js'

const requireJwt = authenticate('jwt')

/**
 * External calls need a valid session unless the service lists the method as public
 * (`publicMethods` service option); a public method still learns who is calling when a token
 * comes along.
 */
export const authenticateRequest = async (context: HookContext, next: NextFunction) => {
  if (!context.params.provider) return next()
  const { publicMethods = [] } = getServiceOptions(context.self) as { publicMethods?: string[] }
  if (!publicMethods.includes(context.method)) {
    await requireJwt(context as any)
  } else if (context.params.authentication?.accessToken && context.path !== 'authentication') {
    try {
      await requireJwt(context as any)
    } catch {
      /* a public method answers anonymous callers too */
    }
  }
  return next()
}
