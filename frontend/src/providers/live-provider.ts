import { feathers, type Application } from "@feathersjs/feathers";
import socketio from "@feathersjs/socketio-client";
import { io, type Socket } from "socket.io-client";
import type { BaseKey, LiveEvent, LiveProvider } from "@refinedev/core";
import { session } from "./session";
import { liveLost, liveSignedIn } from "./live-since";
import { renewRights } from "./rights";

/** Feathers service events and the Refine event type each one becomes. */
const EVENTS: Record<string, LiveEvent["type"]> = {
  created: "created",
  patched: "updated",
  updated: "updated",
  removed: "deleted",
};

type Callback = (event: LiveEvent) => void;
interface Subscription {
  resource: string;
  channel: string;
  types: LiveEvent["type"][];
  ids?: BaseKey[];
  callback: Callback;
  detach?: () => void;
}

const subscriptions = new Set<Subscription>();
let socket: Socket | null = null;
let client: Application | null = null;
/** token|region the open socket was made for; either changing needs a new socket. */
let connectedFor = "";

function teardown() {
  liveLost();
  subscriptions.forEach((sub) => sub.detach?.());
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  client = null;
  connectedFor = "";
}

function attach(sub: Subscription) {
  if (!client) return;
  const service = client.service(sub.resource);
  const handlers = Object.entries(EVENTS).map(([feathersEvent, type]) => {
    const handler = (record: { id?: BaseKey } | undefined) => {
      if (!sub.types.includes("*") && !sub.types.includes(type)) return;
      const id = record?.id;
      // A detail or many-query only cares about its own records.
      if (sub.ids?.length && id !== undefined && !sub.ids.map(String).includes(String(id))) return;
      sub.callback({ channel: sub.channel, type, payload: { ids: id === undefined ? [] : [id], record }, date: new Date() });
    };
    service.on(feathersEvent, handler);
    return [feathersEvent, handler] as const;
  });
  sub.detach = () => handlers.forEach(([event, handler]) => service.removeListener(event, handler));
}

/** Opens (or re-opens, after sign-in or a region switch) the socket and re-attaches listeners. */
function ensureConnection() {
  const { token, region } = session.get();
  const wanted = token ? `${token}|${region ?? ""}` : "";
  if (wanted === connectedFor) return;
  teardown();
  if (!token) return;
  connectedFor = wanted;
  // The server scopes the connection (and so the events it receives) to the region in the handshake.
  // WebSocket first: a portal of several processes (backend/src/cluster.ts) serves live connections
  // only so; long polling where WebSocket cannot get through (a proxy), from a portal of one process.
  socket = io({
    path: "/socket.io",
    query: { region: (region ?? "").toLowerCase() },
    autoConnect: true,
    transports: ["websocket", "polling"],
    tryAllTransports: true,
  });
  client = feathers().configure(socketio(socket));
  const app = client;
  // Authenticate on every (re)connect: the server forgets a socket's user when it drops. Then hear
  // what changed while the screens were read without a live connection.
  socket.on("connect", () => {
    app
      .service("authentication")
      .create({ strategy: "jwt", accessToken: token })
      .then(() => catchUp(app))
      .catch((error: unknown) => console.warn("Live updates unavailable: socket authentication failed", error));
  });
  socket.on("disconnect", liveLost);
  // An administrator changed this user's rights: the session takes them now (and this socket is
  // then made anew with the renewed token).
  socket.on("rights", () => void renewRights());
  subscriptions.forEach(attach);
}

/**
 * The events since the screens' first read without a live connection come as live ones
 * (backend/src/live-catchup.ts). When the server no longer holds them all (a long time away),
 * every screen reads its data again.
 */
async function catchUp(app: Application) {
  const since = liveSignedIn();
  if (since === undefined) return;
  const { whole } = (await app.service("live-catchup").create({ since })) as { whole: boolean };
  if (!whole) subscriptions.forEach((sub) => sub.callback({ channel: sub.channel, type: "*", payload: { ids: sub.ids ?? [] }, date: new Date() }));
}

session.subscribe(() => {
  if (subscriptions.size || socket) ensureConnection();
});

/** The socket's Feathers client, for screens that call services directly (edit-lock keep-alive). */
export function liveClient(): Application | null {
  ensureConnection();
  return client;
}

export const liveProvider: LiveProvider = {
  subscribe: ({ channel, types, callback, params }) => {
    const resource = params?.resource ?? channel.replace(/^resources\//, "");
    const ids = params?.id !== undefined ? [params.id] : params?.ids;
    const sub: Subscription = { resource, channel, types, ids, callback };
    ensureConnection(); // re-attaches existing subscriptions only, so add this one after
    subscriptions.add(sub);
    attach(sub);
    return sub;
  },
  unsubscribe: (sub: Subscription) => {
    sub.detach?.();
    subscriptions.delete(sub);
  },
  // The server emits an event for every write, including our own; publishing locally as well
  // would refetch every list twice.
  publish: () => undefined,
};
