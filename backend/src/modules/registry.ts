import type { ModuleManifest } from './manifest.js'
import { fromModules, installedModules } from './registry.shared.js'

export { installModules } from './registry.shared.js'

/**
 * The server's module manifests, as app.ts installed them (`app.get('modules')` where the app is at
 * hand): for the platform's code that has no app (settings defaults, the server's catalogue, mail).
 */
export const serverModules = (): readonly ModuleManifest[] => installedModules() as readonly ModuleManifest[]

/** A value derived from the server's manifests, built on first use (see `fromModules`). */
export const fromServerModules = <T>(build: (modules: readonly ModuleManifest[]) => T): (() => T) => fromModules((modules) => build(modules as readonly ModuleManifest[]))
