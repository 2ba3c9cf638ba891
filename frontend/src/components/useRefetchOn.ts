import { useEffect, useRef } from "react";

/**
 * Reads a list again whenever a record it derives from moves on (`version`: its `updatedAt`, or
 * several joined): rows written by another record's acts (a history, a total summed on read) send
 * no live event of their own. The latest `refetch` is called; a new function alone triggers nothing.
 */
export function useRefetchOn(version: string | null | undefined, refetch: () => unknown) {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (version) void latest.current();
  }, [version]);
}
