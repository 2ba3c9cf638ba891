import { List, useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { TenantProjectTable } from "../../components/TenantProjectTable";
import { TenantProjectFilterFields, tenantProjectFilters, type TenantProjectSearch } from "../../components/TenantProjectFilters";

/** All Tenant Projects for staff (spec /tenant-projects, allTenantProjects): filters, time filter, paging, sorting, export; updates live. */
export function TenantProjectList() {
  const { t } = useTranslation("tenant-projects");
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, TenantProjectSearch>({
    resource: "tenant-projects",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: tenantProjectFilters,
  });
  return (
    <List title={t("titles.list")}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="tenant-projects">
        <TenantProjectFilterFields staff />
      </ListToolbar>
      <TenantProjectTable tableProps={tableProps} showPath={(id) => `/tenant-projects/${id}`} />
    </List>
  );
}
