import { Suspense } from "react";
import { useList, type BaseRecord } from "@refinedev/core";
import { useSession } from "../../../../providers/session";
import { currentAbility } from "../../../../providers/access-control";
import { lazyNamed } from "../../../../config/lazy";
import type { Portal } from "../../../../types/session";

// antd's Table comes only to those with tenders to review: most dashboards show no such card.
const RepresentativeTable = lazyNamed(() => import("./RepresentativeTable"), "RepresentativeTable");

/**
 * The dashboard's "tenders to review as representative" (spec §7 GET tenders/as-representative):
 * shown to users holding "review as tender representative" who are listed on a tender; a row links to the review screens
 * while the tender is in REVIEW, the only status a representative reviews in.
 */
export function RepresentativeTenders({ portal }: { portal: Portal }) {
  useSession((s) => s.rules); // re-render when the rules change
  const reviews = currentAbility().can("review", "tenders");
  const { query } = useList<BaseRecord>({
    resource: "tenders",
    filters: [{ field: "asRepresentative", operator: "eq", value: true }],
    sorters: [{ field: "closingAt", order: "desc" }],
    pagination: { pageSize: 20, mode: "server" },
    queryOptions: { enabled: reviews },
    errorNotification: false,
  });
  // Nothing to review (an administrator holds the permission without being listed): no card.
  if (!reviews || !query.data?.data.length) return null;
  return (
    <Suspense fallback={null}>
      <RepresentativeTable portal={portal} tenders={query.data.data} />
    </Suspense>
  );
}
