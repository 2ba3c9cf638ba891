import { List, useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { TenancyTable } from "../../components/TenancyTable";
import { TenancyFilterFields, tenancyFilters, type TenancySearch } from "../../components/TenancyFilters";

/** A tenant's own tenancy records (spec /tenants/allTenancyRecs): the server answers only theirs. */
export function TenantTenancyList() {
  const { t } = useTranslation("tenancies");
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, TenancySearch>({
    resource: "tenancies",
    sorters: { initial: [{ field: "companyName", order: "asc" }] },
    syncWithLocation: false,
    onSearch: tenancyFilters,
  });
  return (
    <List title={t("titles.tenantList")}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="tenancies">
        <TenancyFilterFields staff={false} />
      </ListToolbar>
      <TenancyTable tableProps={tableProps} showPath={(id) => `/tenants/tenancies/${id}`} />
    </List>
  );
}
