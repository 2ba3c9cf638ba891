import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * React.lazy for a named export: `lazyNamed(() => import("./pages/profile"), "ProfilePage")`.
 * The screen's code becomes its own chunk, fetched the first time the screen renders.
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(() => load().then((module) => ({ default: module[name] as never })));
}
