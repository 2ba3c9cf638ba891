import { useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import type { Portal } from "../../../types/session";
import { HotbTable } from "./HotbTable";

/** A tenancy's handovers and takebacks on its record page, newest first, each opening in the reader's portal; live as the list is. */
export function TenancyHotbTab({ record, portal }: { record: Record<string, any>; portal: Portal }) {
  const { tableProps } = useTable<BaseRecord>({
    resource: "hotb",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    filters: { permanent: [{ field: "tenancyId", operator: "eq", value: record.id }] },
    syncWithLocation: false,
  });
  const staff = portal !== "tenants";
  const base = staff ? "/handover-takeback" : "/tenants/handover-takeback";
  return (
    <div data-testid="tenancy-hotb">
      <HotbTable tableProps={tableProps} staff={staff} showPath={(id) => `${base}/${id}`} />
    </div>
  );
}
