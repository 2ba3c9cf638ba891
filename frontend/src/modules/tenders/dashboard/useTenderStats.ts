import { useEffect, useRef } from "react";
import { useCustom, useSubscription } from "@refinedev/core";
import { useSession } from "../../../providers/session";
import type { TenderStats } from "../../../../../backend/src/modules/tenders/services/tender-stats/tender-stats.shared";

/**
 * The dashboard's tender figures (GET tender-stats), one request shared by every panel that shows
 * them (the stage counts, the charts), read again when a tender or a bid the user hears of
 * changes: the same live events the tender lists refresh on.
 */
export function useTenderStats<T extends TenderStats>() {
  const region = useSession((s) => s.region);
  const { result, query } = useCustom<T>({
    url: "tender-stats",
    method: "get",
    queryOptions: { queryKey: ["tender-stats", region] },
  });
  // One action moves many records at once (an award regrets every other bid): their events are
  // answered by one read, shortly after the last of them.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void query.refetch(), 300);
  };
  useSubscription({ channel: "resources/tenders", types: ["*"], onLiveEvent: refetch });
  useSubscription({ channel: "resources/bids", types: ["*"], onLiveEvent: refetch });
  return { stats: query.isSuccess ? (result?.data as T | undefined) : undefined, loading: query.isLoading };
}
