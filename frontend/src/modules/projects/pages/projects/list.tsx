import { CreateButton, List, useTable } from "@refinedev/antd";
import { useCan, type BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { ProjectTable } from "../../components/ProjectTable";
import { ProjectFilterFields, projectFilters, type ProjectSearch } from "../../components/ProjectFilters";

/** All projects the user reads (spec /projects): filters, paging, sorting and export; updates live. */
export function ProjectList() {
  const { t } = useTranslation("projects");
  const { data: canCreate } = useCan({ resource: "projects", action: "create" });
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, ProjectSearch>({
    resource: "projects",
    sorters: { initial: [{ field: "updatedAt", order: "desc" }] },
    syncWithLocation: false,
    onSearch: projectFilters,
  });
  return (
    <List title={t("titles.list")} headerButtons={canCreate?.can ? <CreateButton resource="projects">{t("actions.create")}</CreateButton> : null}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="projects">
        <ProjectFilterFields staff />
      </ListToolbar>
      <ProjectTable tableProps={tableProps} showPath={(id) => `/projects/${id}`} staff />
    </List>
  );
}
