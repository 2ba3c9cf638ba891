import { useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import type { Portal } from "../../../types/session";
import { TenantProjectTable } from "./TenantProjectTable";

/** A tenancy's projects on its record page (spec tenancies §2 "allProjects"), newest first, each opening in the reader's portal. */
export function TenancyProjectsTab({ record, portal }: { record: Record<string, any>; portal: Portal }) {
  const { tableProps } = useTable<BaseRecord>({
    resource: "tenant-projects",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    filters: { permanent: [{ field: "tenancyId", operator: "eq", value: record.id }] },
    syncWithLocation: false,
  });
  const base = portal === "tenants" ? "/tenants/tenant-projects" : "/tenant-projects";
  return (
    <div data-testid="tenancy-projects">
      <TenantProjectTable tableProps={tableProps} showPath={(id) => `${base}/${id}`} />
    </div>
  );
}
