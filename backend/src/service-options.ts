import feathersPackage from '@feathersjs/feathers'

// @feathersjs/feathers is CommonJS; Node's ESM loader cannot see this re-exported name.
const { getServiceOptions } = feathersPackage as unknown as { getServiceOptions: (service: any) => any }

/** The options a service was registered with (regional, feature, publicMethods, audit...). */
export const serviceOptions = <T = Record<string, any>>(service: unknown): T & { methods: string[] } => getServiceOptions(service)
