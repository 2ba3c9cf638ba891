import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { fromClientModules } from "../providers/modules";

export const PAGE_ACTIONS = ["list", "create", "edit", "show"] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

type PageModule = Record<string, unknown> & { default?: ComponentType };
/** What `import.meta.glob(".../pages/*\/{list,create,edit,show}.tsx")` gives: path → loader. */
export type PageFiles = Record<string, () => Promise<unknown>>;

/**
 * Screens are found by file name, so a resource's pages appear as soon as
 * `pages/<identifier or name>/<list|create|edit|show>.tsx` exists, in the platform or in a
 * module (its manifest's `pages`); no route table to edit.
 */
const platformPages = import.meta.glob("../pages/*/{list,create,edit,show}.tsx");
const pageFiles = fromClientModules((modules) => {
  const found = new Map<string, () => Promise<unknown>>();
  for (const files of [platformPages, ...modules.map((module) => module.pages)]) {
    for (const [path, load] of Object.entries(files)) {
      const [, dir, action] = /pages\/([^/]+)\/([a-z]+)\.tsx$/.exec(path) ?? [];
      if (dir && action) found.set(`${dir}/${action}`, load);
    }
  }
  return found;
});
const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

const Pascal: Record<PageAction, string> = { list: "List", create: "Create", edit: "Edit", show: "Show" };

/** Default export, else the named export ending in List/Create/Edit/Show (`BuildingList`). */
function pickComponent(module: PageModule, action: PageAction): ComponentType {
  if (module.default) return module.default;
  const named = Object.entries(module).find(([name, value]) => name.endsWith(Pascal[action]) && typeof value === "function");
  if (!named) throw new Error(`No ${Pascal[action]} component exported`);
  return named[1] as ComponentType;
}

const pageFile = (dirs: string[], action: PageAction) => dirs.map((dir) => `${dir}/${action}`).find((candidate) => pageFiles().has(candidate));

/** Starts fetching a resource action's screen before it renders (PortalRoutes.tsx, preloadPortalPage). */
export function preloadResourcePage(dirs: string[], action: PageAction): void {
  const path = pageFile(dirs, action);
  if (path) void pageFiles().get(path)!().catch(() => undefined); // the render's own import reports a failure
}

/** The lazy page for a resource action, or null when the screen is not written yet. */
export function resourcePage(dirs: string[], action: PageAction): LazyExoticComponent<ComponentType> | null {
  const path = pageFile(dirs, action);
  if (!path) return null;
  let page = loaded.get(path);
  if (!page) {
    const load = pageFiles().get(path)!;
    page = lazy(() => load().then((module) => ({ default: pickComponent(module as PageModule, action) })));
    loaded.set(path, page);
  }
  return page;
}
