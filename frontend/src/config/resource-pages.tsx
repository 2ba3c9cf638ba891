import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export const PAGE_ACTIONS = ["list", "create", "edit", "show"] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

type PageModule = Record<string, unknown> & { default?: ComponentType };

/**
 * Screens are found by file name, so a resource's pages appear as soon as
 * `pages/<identifier or name>/<list|create|edit|show>.tsx` exists, in the platform or in a module
 * (`modules/<module>/pages/...`); no route table to edit.
 */
const modules = import.meta.glob<PageModule>(["../pages/*/{list,create,edit,show}.tsx", "../modules/*/pages/*/{list,create,edit,show}.tsx"]);
const loaded = new Map<string, LazyExoticComponent<ComponentType>>();

const Pascal: Record<PageAction, string> = { list: "List", create: "Create", edit: "Edit", show: "Show" };

/** Default export, else the named export ending in List/Create/Edit/Show (`BuildingList`). */
function pickComponent(module: PageModule, action: PageAction): ComponentType {
  if (module.default) return module.default;
  const named = Object.entries(module).find(([name, value]) => name.endsWith(Pascal[action]) && typeof value === "function");
  if (!named) throw new Error(`No ${Pascal[action]} component exported`);
  return named[1] as ComponentType;
}

/** The lazy page for a resource action, or null when the screen is not written yet. */
export function resourcePage(dirs: string[], action: PageAction): LazyExoticComponent<ComponentType> | null {
  const files = Object.keys(modules);
  const path = dirs.map((dir) => files.find((file) => file.endsWith(`/pages/${dir}/${action}.tsx`))).find(Boolean);
  if (!path) return null;
  let page = loaded.get(path);
  if (!page) {
    page = lazy(() => modules[path]().then((module) => ({ default: pickComponent(module, action) })));
    loaded.set(path, page);
  }
  return page;
}
