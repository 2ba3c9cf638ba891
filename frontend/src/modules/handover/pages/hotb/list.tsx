import { CreateButton, List, useTable } from "@refinedev/antd";
import { useCan, type BaseRecord } from "@refinedev/core";
import { Segmented } from "antd";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { HotbTable } from "../../components/HotbTable";
import { HotbCalendar } from "../../components/HotbCalendar";
import { HotbFilterFields, hotbFilters, type HotbSearch } from "../../components/HotbFilters";

/**
 * All handovers and takebacks for staff (spec /hotb): the list (filters, paging, sorting, export)
 * or the week's appointments by building (`?view=calendar`); both update live.
 */
export function HotbList() {
  const { t } = useTranslation("hotb");
  const [search, setSearch] = useSearchParams();
  const view = search.get("view") === "calendar" ? "calendar" : "list";
  const { data: canCreate } = useCan({ resource: "hotb", action: "create" });
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, HotbSearch>({
    resource: "hotb",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: hotbFilters,
    queryOptions: { enabled: view === "list" },
  });
  return (
    <List
      title={t("titles.list")}
      headerButtons={
        <>
          <Segmented
            value={view}
            onChange={(value) => setSearch(value === "calendar" ? { view: "calendar" } : {}, { replace: true })}
            options={[
              { value: "list", label: t("calendar.listView") },
              { value: "calendar", label: t("calendar.calendarView") },
            ]}
            data-testid="hotb-view"
          />
          {canCreate?.can ? (
            <CreateButton resource="hotb" data-testid="hotb-create">
              {t("actions.create")}
            </CreateButton>
          ) : null}
        </>
      }
    >
      {view === "calendar" ? (
        <HotbCalendar />
      ) : (
        <>
          <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="hotb">
            <HotbFilterFields staff />
          </ListToolbar>
          <HotbTable tableProps={tableProps} staff showPath={(id) => `/handover-takeback/${id}`} />
        </>
      )}
    </List>
  );
}
