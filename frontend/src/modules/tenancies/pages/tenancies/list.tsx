import { CreateButton, List, useTable } from "@refinedev/antd";
import { useCan, type BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { TenancyTable } from "../../components/TenancyTable";
import { ContactExportButton } from "../../components/ContactExports";
import { TenancyFilterFields, tenancyFilters, type TenancySearch } from "../../components/TenancyFilters";

/** All tenancy records (spec /allTenancyRecs): filters, paging, sorting and export; updates live. */
export function TenancyList() {
  const { t } = useTranslation("tenancies");
  const { data: canCreate } = useCan({ resource: "tenancies", action: "create" });
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, TenancySearch>({
    resource: "tenancies",
    sorters: { initial: [{ field: "companyName", order: "asc" }] },
    syncWithLocation: false,
    onSearch: tenancyFilters,
  });
  return (
    <List
      title={t("titles.list")}
      headerButtons={
        <>
          <ContactExportButton kind="emergency" />
          <ContactExportButton kind="marketing" />
          {canCreate?.can ? <CreateButton resource="tenancies">{t("actions.create")}</CreateButton> : null}
        </>
      }
    >
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="tenancies">
        <TenancyFilterFields staff />
      </ListToolbar>
      <TenancyTable tableProps={tableProps} showPath={(id) => `/tenancies/view/${id}`} />
    </List>
  );
}
