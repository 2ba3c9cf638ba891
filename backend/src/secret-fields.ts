import { serviceOptions } from './service-options.js'

/**
 * Fields a service declares secret (service option `secretFields`: passwords, a bid's sealed
 * prices and receipt). One list per service, honoured by every channel besides the service's
 * own read hooks: audit rows and live events (hooks/audited-write.ts) and exports.
 */
export function secretFieldsOf(service: unknown): string[] {
  try {
    return serviceOptions<{ secretFields?: string[] }>(service)?.secretFields ?? []
  } catch {
    return [] // not a Feathers service
  }
}
