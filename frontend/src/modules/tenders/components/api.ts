import { api } from "../../../providers/api";
import { useSession } from "../../../providers/session";
import { actorFromPermissions, type TenderActor } from "./rules";
import { portalOf } from "../../../config/portals";

/** A Feathers custom method: POST to the service with X-Service-Method; answers the record. */
export function callMethod<T = Record<string, any>>(
  service: "tenders" | "bids" | "tender-revisions" | "tender-queries",
  method: string,
  payload: Record<string, unknown>,
): Promise<T> {
  return api<T>(service, { method: "POST", body: payload, headers: { "X-Service-Method": method }, action: `${service}.${method}` });
}

/**
 * The workflow actor of the signed-in user, the way the server builds it (tenders.class actorOf):
 * an unconditioned `tenders` rule is the `any` triple, a conditioned one `own`.
 */
export function useTenderActor(): TenderActor | null {
  const rules = useSession((s) => s.rules);
  const user = useSession((s) => s.user);
  if (!user) return null;
  const triples = (rules ?? [])
    .filter((rule: any) => rule.subject === "tenders" && !rule.inverted)
    .flatMap((rule: any) => [rule.action].flat().map((action: string) => ({ resource: "tenders", action, attribute: rule.conditions ? "own" : "any" })));
  return actorFromPermissions({ id: user.id, portal: portalOf(user) }, triples);
}

/** The current region's time zone (UTC when the region names none). */
export function useRegionTimeZone(): string {
  return useSession((s) => s.regions.find((region) => region.code === s.region)?.timeZone || "UTC");
}
