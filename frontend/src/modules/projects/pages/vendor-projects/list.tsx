import { List, useTable } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { ProjectTable } from "../../components/ProjectTable";
import { ProjectFilterFields, projectFilters, type ProjectSearch } from "../../components/ProjectFilters";

/** A vendor's projects (spec vendor portal "projects"): its company's, once activated; updates live. */
export function VendorProjectList() {
  const { t } = useTranslation("projects");
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, ProjectSearch>({
    resource: "projects",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: projectFilters,
  });
  return (
    <List title={t("titles.vendorList")}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="projects">
        <ProjectFilterFields staff={false} />
      </ListToolbar>
      <ProjectTable tableProps={tableProps} showPath={(id) => `/vendors/projects/${id}`} staff={false} />
    </List>
  );
}
