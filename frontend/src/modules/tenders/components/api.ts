import { api } from "../../../providers/api";
import { useSession } from "../../../providers/session";
import { type TenderActor } from "./rules";
import { currentAbility } from "../../../providers/access-control";
import { portalOf } from "../../../config/portals";

/** A Feathers custom method: POST to the service with X-Service-Method; answers the record. */
export function callMethod<T = Record<string, any>>(
  service: "tenders" | "bids" | "tender-revisions" | "tender-queries" | "purchase-orders" | "contracts",
  method: string,
  payload: Record<string, unknown>,
): Promise<T> {
  return api<T>(service, { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `${service}.${method}` });
}

/**
 * The workflow actor of the signed-in user, as the server's runner builds it (workflow-runner
 * `callerOf`): who they are, and the session's CASL ability, which the workflow tables' guards ask.
 */
export function useTenderActor(): (TenderActor & { companyId: string | number | null }) | null {
  // Subscribed to the rules so that the buttons are drawn anew when they change.
  useSession((s) => s.rules);
  const user = useSession((s) => s.user);
  if (!user) return null;
  return { id: user.id, portal: portalOf(user), companyId: user.companyId ?? null, ability: currentAbility() };
}

/** The current region's time zone (UTC when the region names none). */
export function useRegionTimeZone(): string {
  return useSession((s) => s.regions.find((region) => region.code === s.region)?.timeZone || "UTC");
}
