import { useEffect } from "react";
import { useInfiniteList, type BaseRecord } from "@refinedev/core";

/** The most a service answers in one page (config `paginate.max`): a longer list is read page by page. */
const PAGE = 100;

/**
 * Every line of a record (its schedule items, its key lines, its photos), in the service's order:
 * read a page of the most a service answers at a time, the next pages fetched until none is left,
 * so a record of more lines than one page shows them all; live like any list.
 */
export function useAllLines<T extends BaseRecord>(resource: string, hotbId: unknown, sorters: Array<{ field: string; order: "asc" | "desc" }>) {
  const { result, query } = useInfiniteList<T>({
    resource,
    filters: [{ field: "hotbId", operator: "eq", value: hotbId }],
    sorters,
    pagination: { pageSize: PAGE },
    queryOptions: { enabled: Boolean(hotbId) },
  });
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const lines = (result.data?.pages ?? []).flatMap((page) => page.data) as T[];
  return { lines, loading: query.isLoading || Boolean(hasNextPage), refetch: query.refetch };
}
