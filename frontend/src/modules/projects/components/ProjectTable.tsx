import { useMany, type BaseRecord } from "@refinedev/core";
import { Table, type TableProps } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney, fromCents } from "../../../components/format";
import { ProjectStatus } from "./ProjectStatus";

/** Names of the records a page of the list refers to (vendors, sites), read through their own services. */
function useNames(resource: string, ids: unknown[], field: string) {
  const wanted = [...new Set(ids.filter(Boolean))] as number[];
  const { result } = useMany({ resource, ids: wanted, queryOptions: { enabled: wanted.length > 0 } });
  return (id: unknown) => (result?.data ?? []).find((record: BaseRecord) => record.id === id)?.[field] ?? "";
}

/** The project list's table, for staff (`/projects/:id`) and vendors (`/vendors/projects/:id`). */
export function ProjectTable({ tableProps, showPath, staff }: { tableProps: TableProps<BaseRecord>; showPath: (id: unknown) => string; staff: boolean }) {
  const { t } = useTranslation("projects");
  const rows = tableProps.dataSource ?? [];
  const companyName = useNames("companies", staff ? rows.map((row) => row.companyId) : [], "name");
  const siteName = useNames(
    "sites",
    rows.map((row) => row.siteId),
    "name",
  );
  return (
    <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 900 }}>
      <Table.Column<BaseRecord>
        dataIndex="number"
        title={t("fields.number")}
        sorter
        render={(value, record) => (
          <Link to={showPath(record.id)} data-testid="project-link">
            {record.numberType === "CONTRACT" && record.revisionNum != null ? `${value} (${t("fields.revisionShort", { n: record.revisionNum })})` : value}
          </Link>
        )}
      />
      <Table.Column dataIndex="numberType" title={t("fields.numberType")} sorter render={(value) => t(`numberTypes.${value}`)} />
      {staff && <Table.Column dataIndex="companyId" title={t("fields.companyId")} sorter render={companyName} />}
      <Table.Column dataIndex="siteId" title={t("fields.siteId")} sorter render={siteName} />
      <Table.Column dataIndex="type" title={t("fields.type")} sorter />
      <Table.Column<BaseRecord>
        dataIndex="totalAmountCents"
        title={t("fields.totalAmount")}
        sorter
        align="right"
        render={(value, record) => formatMoney(fromCents(value), record.currency)}
      />
      <Table.Column dataIndex="status" title={t("fields.status")} sorter render={(value) => <ProjectStatus status={value} />} />
      <Table.Column dataIndex="dlpDate" title={t("fields.dlpDate")} sorter render={formatDate} />
      <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDate} />
    </Table>
  );
}
