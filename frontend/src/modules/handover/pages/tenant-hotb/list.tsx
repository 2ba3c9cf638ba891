import { List, useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { HotbTable } from "../../components/HotbTable";
import { HotbFilterFields, hotbFilters, type HotbSearch } from "../../components/HotbFilters";

/** A tenant's handovers and takebacks: its tenancy's, only as far as the server answers them (scheduled, unsigned, completed); live. */
export function TenantHotbList() {
  const { t } = useTranslation("hotb");
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, HotbSearch>({
    resource: "hotb",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: hotbFilters,
  });
  return (
    <List title={t("titles.tenantList")}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="hotb" exportable={false}>
        <HotbFilterFields staff={false} />
      </ListToolbar>
      <HotbTable tableProps={tableProps} staff={false} showPath={(id) => `/tenants/handover-takeback/${id}`} />
    </List>
  );
}
