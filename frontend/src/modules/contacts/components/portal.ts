import { useLocation } from "react-router";

/** The portal's path prefix of the screen on show: '' for staff, '/vendors' for a vendor's contacts. */
export function usePortalBase(): string {
  return useLocation().pathname.startsWith("/vendors") ? "/vendors" : "";
}

type Channel = { kind: string; value: string; isPrimary?: boolean; priority?: number };

/** The first (primary) entry of a kind. */
export const primaryOf = (channels: Channel[] | undefined, kind: string) =>
  (channels ?? []).filter((c) => c.kind === kind).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || (a.priority ?? 0) - (b.priority ?? 0))[0]?.value;
