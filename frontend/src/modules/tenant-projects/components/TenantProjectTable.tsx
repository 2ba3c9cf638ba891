import { useMany, type BaseRecord } from "@refinedev/core";
import { Table, type TableProps } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../components/format";
import { TenantProjectStatus } from "./TenantProjectStatus";

/** The buildings' codes for a page of the list, read through the buildings service. */
function useBuildingCodes(ids: unknown[]) {
  const wanted = [...new Set(ids.filter(Boolean))] as number[];
  const { result } = useMany({ resource: "buildings", ids: wanted, queryOptions: { enabled: wanted.length > 0 } });
  return (id: unknown) => (result?.data ?? []).find((record: BaseRecord) => record.id === id)?.code ?? "";
}

/**
 * All Tenant Projects' table (spec §2: status, company, trade name, premises, project name,
 * building, floor), for staff (`/tenant-projects/:id`) and tenants (`/tenants/tenant-projects/:id`).
 */
export function TenantProjectTable({ tableProps, showPath }: { tableProps: TableProps<BaseRecord>; showPath: (id: unknown) => string }) {
  const { t } = useTranslation("tenant-projects");
  const building = useBuildingCodes((tableProps.dataSource ?? []).map((row) => row.buildingId));
  const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");
  return (
    <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 960 }}>
      <Table.Column dataIndex="status" title={t("fields.status")} sorter render={(value) => <TenantProjectStatus status={value} />} />
      <Table.Column dataIndex="companyName" title={t("fields.companyName")} sorter />
      <Table.Column dataIndex="tradeName" title={t("fields.tradeName")} sorter />
      <Table.Column dataIndex="projectLocation" title={t("fields.premises")} render={list} />
      <Table.Column<BaseRecord>
        dataIndex="projectName"
        title={t("fields.projectName")}
        sorter
        render={(value, record) => (
          <Link to={showPath(record.id)} data-testid="tenant-project-link">
            {value}
          </Link>
        )}
      />
      <Table.Column dataIndex="buildingId" title={t("fields.buildingId")} sorter render={building} />
      <Table.Column dataIndex="floors" title={t("fields.floors")} render={list} />
      <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDate} />
    </Table>
  );
}
