import { useList, useMany, type BaseRecord } from "@refinedev/core";
import { permitted, type TenderState } from "../rules";
import { useTenderActor } from "../api";

/**
 * The bids of a tender with their companies' names. Live: a bid saved, submitted, queried or
 * answered elsewhere refreshes the list (the server sends each viewer only what it may read,
 * prices sealed until the tender is opened).
 */
export function useTenderBids(tenderId: string) {
  const { query } = useList<BaseRecord>({
    resource: "bids",
    filters: [{ field: "tenderId", operator: "eq", value: tenderId }],
    sorters: [{ field: "createdAt", order: "asc" }],
    pagination: { mode: "off" },
  });
  const bids = query.data?.data ?? [];
  const { query: companies } = useMany<BaseRecord>({
    resource: "companies",
    ids: [...new Set(bids.map((bid) => bid.companyId as number))],
    queryOptions: { enabled: bids.length > 0 },
    errorNotification: false,
  });
  // A vendor-portal representative reads no company records: the server names them on the bids.
  const companyName = (companyId: unknown) =>
    (companies.data?.data.find((company) => String(company.id) === String(companyId))?.name as string | undefined) ??
    (bids.find((bid) => String(bid.companyId) === String(companyId))?.companyName as string | undefined) ??
    `#${companyId}`;
  return { bids, loading: query.isLoading, companyName };
}

/** Whether the signed-in user runs this tender (its person in charge, or `tenders:update:any`). */
export function useManagesTender(tender: Record<string, any>): boolean {
  const actor = useTenderActor();
  if (!actor) return false;
  return permitted(
    {
      status: tender.status as TenderState,
      managedBy: tender.managedBy,
      approverId: tender.approverId ?? null,
      version: Number(tender.version ?? 0),
      closingAt: tender.closingAt,
    },
    actor,
    "update",
  );
}
