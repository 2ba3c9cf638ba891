import { useEffect, useRef } from "react";
import { useCustom, useSubscription } from "@refinedev/core";
import { useSession } from "../../../providers/session";
import { tenantTasksPath, type TenantTasks } from "../../../../../backend/src/modules/tenancies/services/tenant-tasks/tenant-tasks.shared";

/**
 * The tenant's to-do list (GET tenant-tasks), read once for every panel, and again when a tenancy
 * or an account the tenant hears of changes: contacts confirmed in another browser (the tenancy's
 * `patched`), an account invited, resent or its invitation taken up (`tenancy-accounts`).
 */
export function useTenantTasks() {
  const region = useSession((s) => s.region);
  const userId = useSession((s) => s.user?.id);
  const { result, query } = useCustom<TenantTasks>({
    url: tenantTasksPath,
    method: "get",
    queryOptions: { queryKey: [tenantTasksPath, region, userId] },
  });
  // One action may announce several records (a confirmation, then the list's own refresh): one read after the last.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void query.refetch(), 200);
  };
  useSubscription({ channel: "resources/tenancies", types: ["*"], onLiveEvent: refetch });
  useSubscription({ channel: "resources/tenancy-accounts", types: ["*"], onLiveEvent: refetch });
  return {
    tasks: query.isSuccess ? (result?.data as TenantTasks | undefined) : undefined,
    loading: query.isLoading,
    refetch: () => query.refetch(),
  };
}
