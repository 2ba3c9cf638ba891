import { useMany, type BaseRecord } from "@refinedev/core";
import { Table, type TableProps } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../../components/format";
import { HotbStatus } from "./HotbStatus";

/** The buildings' codes for a page of the list, read through the buildings service. */
function useBuildingCodes(ids: unknown[]) {
  const wanted = [...new Set(ids.filter(Boolean))] as number[];
  const { result } = useMany({ resource: "buildings", ids: wanted, queryOptions: { enabled: wanted.length > 0 } });
  return (id: unknown) => (result?.data ?? []).find((record: BaseRecord) => record.id === id)?.code ?? "";
}

/**
 * The handovers and takebacks list (spec hotb §2: status, type, name, company, trade name,
 * building, premises, appointment, actual date), for staff (`/handover-takeback/:id`) and tenants.
 */
export function HotbTable({ tableProps, showPath, staff }: { tableProps: TableProps<BaseRecord>; showPath: (id: unknown) => string; staff: boolean }) {
  const { t } = useTranslation("hotb");
  const building = useBuildingCodes((tableProps.dataSource ?? []).map((row) => row.buildingId));
  const list = (value: unknown) => (Array.isArray(value) ? value.join(", ") : "");
  return (
    <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 960 }}>
      <Table.Column dataIndex="status" title={t("fields.status")} sorter render={(value) => <HotbStatus status={value} />} />
      <Table.Column dataIndex="type" title={t("fields.type")} sorter render={(value) => t(`types.${value}`)} />
      <Table.Column<BaseRecord>
        dataIndex="name"
        title={t("fields.name")}
        sorter
        render={(value, record) => (
          <Link to={showPath(record.id)} data-testid="hotb-link">
            {value}
          </Link>
        )}
      />
      {staff && <Table.Column dataIndex="companyName" title={t("fields.companyName")} sorter />}
      <Table.Column dataIndex="tradeName" title={t("fields.tradeName")} sorter />
      <Table.Column dataIndex="buildingId" title={t("fields.buildingId")} sorter render={building} />
      <Table.Column dataIndex="premises" title={t("fields.premises")} render={list} />
      <Table.Column dataIndex="scheduledAt" title={t("fields.scheduledAt")} sorter render={formatDateTime} />
      <Table.Column dataIndex="actualDate" title={t("fields.actualDate")} render={formatDate} />
      {staff && <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDate} />}
    </Table>
  );
}
