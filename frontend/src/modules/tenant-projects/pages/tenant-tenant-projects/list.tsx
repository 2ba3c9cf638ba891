import { CreateButton, List, useTable } from "@refinedev/antd";
import { useCan, type BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { TenantProjectTable } from "../../components/TenantProjectTable";
import { TenantProjectFilterFields, tenantProjectFilters, type TenantProjectSearch } from "../../components/TenantProjectFilters";

/** A tenant's projects (its tenancy's, as the server answers them), with a new project for who may create one. */
export function TenantTenantProjectList() {
  const { t } = useTranslation("tenant-projects");
  const { data: canCreate } = useCan({ resource: "tenant-projects", action: "create" });
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, TenantProjectSearch>({
    resource: "tenant-projects",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: tenantProjectFilters,
  });
  return (
    <List
      title={t("titles.tenantList")}
      headerButtons={
        canCreate?.can ? (
          <CreateButton resource="tenant-tenant-projects" data-testid="tenant-project-create">
            {t("actions.create")}
          </CreateButton>
        ) : null
      }
    >
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="tenant-projects">
        <TenantProjectFilterFields staff={false} />
      </ListToolbar>
      <TenantProjectTable tableProps={tableProps} showPath={(id) => `/tenants/tenant-projects/${id}`} />
    </List>
  );
}
