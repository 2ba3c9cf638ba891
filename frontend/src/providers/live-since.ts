/**
 * What the live connection has not heard: the changes since the screens' first read made while it
 * was not signed in (a page load, a lost network). Once signed in it asks the server for the
 * events since then (backend/src/live-catchup.ts), on the server's clock: each API answer says
 * when it was begun (`X-Served-At`). Small and free of the socket's code: every request passes here.
 */
let live = false;
/** The server's time of the earliest read not yet covered by the live connection. */
let missedSince: number | undefined;
/** The server's clock minus ours, from the latest answer. */
let offset = 0;
/** Our send times of the requests sent while not live that are not answered yet. */
const unanswered = new Set<{ sentAt: number }>();

/** A request goes out; the function returned takes its answer's `X-Served-At` (or null when it failed). */
export function requestSent(): (servedAt: string | null) => void {
  const request = { sentAt: Date.now() };
  const covered = live;
  if (!covered) unanswered.add(request);
  return (header) => {
    unanswered.delete(request);
    const servedAt = Number(header);
    if (!header || !Number.isFinite(servedAt)) return;
    offset = servedAt - Date.now();
    if (!covered && !live && (missedSince === undefined || servedAt < missedSince)) missedSince = servedAt;
  };
}

/** The live connection is down (or is replaced): from now on, changes must be caught up on. */
export function liveLost() {
  if (!live) return;
  live = false;
  const now = Date.now() + offset;
  missedSince = missedSince === undefined ? now : Math.min(missedSince, now);
}

/**
 * The live connection has signed in: from when to catch up (undefined when nothing was read
 * meanwhile). A request still on its way counts from its sending, a second early for the clocks.
 */
export function liveSignedIn(): number | undefined {
  live = true;
  let since = missedSince;
  for (const { sentAt } of unanswered) since = Math.min(since ?? Infinity, sentAt + offset - 1000);
  missedSince = undefined;
  unanswered.clear();
  return since;
}
