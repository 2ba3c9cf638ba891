import type { ClientModule } from "../modules/manifest";

/*
 * The browser's modules, as its composition root gave them (issue 28, section 2): App.tsx imports
 * the module list and installs it here before anything reads it; the shell (providers, config,
 * pages) reads it from here and never imports the list, so no shell file sits in an import cycle
 * with the modules. The backend's shared halves are installed beside it (backend/src/modules/registry.shared.ts).
 */
let installed: readonly ClientModule[] | undefined;

/** Installs the browser's module list; once, or again with the same list. */
export function installClientModules(list: readonly ClientModule[]): void {
  if (installed && installed !== list) throw new Error("A different module list is installed already");
  installed = list;
}

/** The installed modules: what the shell loops over (resources, pages, routes, menus, dashboards, catalogues). */
export function clientModules(): readonly ClientModule[] {
  if (!installed) throw new Error("No module list installed: App.tsx installs it before the shell reads it");
  return installed;
}

/** A value derived from the installed modules, built on first use, never while files load. */
export function fromClientModules<T>(build: (modules: readonly ClientModule[]) => T): () => T {
  let builtFor: readonly ClientModule[] | undefined;
  let value: T;
  return () => {
    const modules = clientModules();
    if (builtFor !== modules) {
      value = build(modules);
      builtFor = modules;
    }
    return value;
  };
}
