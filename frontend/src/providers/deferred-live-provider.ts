import type { LiveProvider } from "@refinedev/core";

type Live = typeof import("./live-provider");

let loading: Promise<Live> | undefined;

/**
 * The socket's code (socket.io and the Feathers client, live-provider.ts) is asked for in the frame
 * after the first subscription's screen has been painted: a page's first load waits for none of it.
 */
function load(): Promise<Live> {
  loading ??= new Promise<void>((painted) => requestAnimationFrame(() => requestAnimationFrame(() => painted())))
    .then(() => import("./live-provider"))
    .catch((error: unknown) => {
      loading = undefined; // the network dropped: the next subscription tries again
      throw error;
    });
  return loading;
}

interface Handle {
  inner?: unknown;
  cancelled?: boolean;
}

/** Refine's live provider: live-provider.ts's, once its code has arrived; subscriptions made before wait for it. */
export const liveProvider: LiveProvider = {
  subscribe: (options) => {
    const handle: Handle = {};
    load()
      .then((live) => {
        if (!handle.cancelled) handle.inner = live.liveProvider.subscribe(options);
      })
      .catch((error: unknown) => console.warn("Live updates unavailable: their code did not load", error));
    return handle;
  },
  unsubscribe: (handle: Handle) => {
    handle.cancelled = true;
    if (handle.inner) void load().then((live) => live.liveProvider.unsubscribe(handle.inner));
  },
  publish: () => undefined,
};
