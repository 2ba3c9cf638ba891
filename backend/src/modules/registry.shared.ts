// Browser-safe: the modules of the running program, as its composition root gave them (issue 28,
// section 2). The platform never imports the module list: the list is imported only at the top
// (app.ts, services/index.ts, migrations/index.ts, seeds/demo.ts, scripts/bench.ts; App.tsx in
// the browser), which installs it here before anything reads it. So no platform file sits in an
// import cycle with the modules, and a platform file can be loaded, and tested, without them.
import type { SharedModuleManifest } from './manifest.shared.js'

let installed: readonly SharedModuleManifest[] | undefined

/** Installs the program's module list (the server's manifests, or the browser's shared halves); once, or again with the same list. */
export function installModules(list: readonly SharedModuleManifest[]): void {
  if (installed && installed !== list) throw new Error('A different module list is installed already: the composition root installs one list, once')
  installed = list
}

/** The installed module list: what the platform loops over (permissions, exports, search, upload places...). */
export function installedModules(): readonly SharedModuleManifest[] {
  if (!installed) throw new Error('No module list installed: the composition root (app.ts, App.tsx, a seed, a script or a test) calls installModules first')
  return installed
}

/**
 * A value derived from the installed modules, built on first use and kept while the list stays
 * the same: a catalogue merged from the manifests at the composition root, not while files load.
 */
export function fromModules<T>(build: (modules: readonly SharedModuleManifest[]) => T): () => T {
  let builtFor: readonly SharedModuleManifest[] | undefined
  let value: T
  return () => {
    const modules = installedModules()
    if (builtFor !== modules) {
      value = build(modules)
      builtFor = modules
    }
    return value
  }
}

/** A value derived from a module list, built once per list (`app.get('modules')`, or a test's own list). */
export function perModuleList<M extends SharedModuleManifest, T>(build: (modules: readonly M[]) => T): (modules: readonly M[]) => T {
  const built = new WeakMap<readonly M[], T>()
  return (modules) => {
    if (!built.has(modules)) built.set(modules, build(modules))
    return built.get(modules)!
  }
}
