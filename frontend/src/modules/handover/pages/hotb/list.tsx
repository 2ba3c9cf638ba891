import { CreateButton, List, useTable } from "@refinedev/antd";
import { useCan, type BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { HotbTable } from "../../components/HotbTable";
import { HotbFilterFields, hotbFilters, type HotbSearch } from "../../components/HotbFilters";

/** All handovers and takebacks for staff (spec /hotb): filters, paging, sorting, export; updates live. */
export function HotbList() {
  const { t } = useTranslation("hotb");
  const { data: canCreate } = useCan({ resource: "hotb", action: "create" });
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, HotbSearch>({
    resource: "hotb",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: hotbFilters,
  });
  return (
    <List
      title={t("titles.list")}
      headerButtons={
        canCreate?.can ? (
          <CreateButton resource="hotb" data-testid="hotb-create">
            {t("actions.create")}
          </CreateButton>
        ) : null
      }
    >
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="hotb">
        <HotbFilterFields staff />
      </ListToolbar>
      <HotbTable tableProps={tableProps} staff showPath={(id) => `/handover-takeback/${id}`} />
    </List>
  );
}
