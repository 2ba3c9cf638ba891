import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** A lazy screen whose code can be fetched before it first renders (config/route-preload.ts). */
export type Preloadable = { preload: () => Promise<unknown> };

/**
 * React.lazy for a named export: `lazyNamed(() => import("./pages/profile"), "ProfilePage")`.
 * The screen's code becomes its own chunk, fetched the first time the screen renders, or sooner
 * by `preload()`: the first load of a page asks for its code with the portal's, not after it.
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> & Preloadable {
  let loading: Promise<M> | undefined;
  const preload = () => {
    // A failed fetch (the network dropped) is tried again by the next render.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const component = lazy(() => preload().then((module) => ({ default: module[name] as never })));
  return Object.assign(component, { preload });
}

/** Starts fetching a lazy component's code if it is one of lazyNamed's; anything else is left alone. */
export function preloadComponent(component: unknown): void {
  const preload = (component as Partial<Preloadable> | null)?.preload;
  if (typeof preload === "function") void preload().catch(() => undefined);
}
