import { useMany, type BaseRecord } from "@refinedev/core";
import { Table, Tag, type TableProps } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../components/format";
import { currentFloors } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancies.shared";
import { TenancyStatus } from "./TenancyStatus";

/** The tenancy list's table, for staff (`/tenancies/view/:id`) and tenants (`/tenants/tenancies/:id`). */
export function TenancyTable({ tableProps, showPath }: { tableProps: TableProps<BaseRecord>; showPath: (id: unknown) => string }) {
  const { t } = useTranslation("tenancies");
  const buildingIds = [...new Set((tableProps.dataSource ?? []).map((row) => row.buildingId).filter(Boolean))];
  const { result } = useMany({ resource: "buildings", ids: buildingIds as number[], queryOptions: { enabled: buildingIds.length > 0 } });
  const codeOf = (id: unknown) => (result?.data ?? []).find((building: BaseRecord) => building.id === id)?.code ?? "";
  return (
    <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 900 }}>
      <Table.Column<BaseRecord>
        dataIndex="companyName"
        title={t("fields.companyName")}
        sorter
        render={(value, record) => (
          <Link to={showPath(record.id)} data-testid="tenancy-link">
            {value}
          </Link>
        )}
      />
      <Table.Column dataIndex="tradeName" title={t("fields.tradeName")} sorter />
      <Table.Column dataIndex="type" title={t("fields.type")} sorter render={(value) => <Tag>{t(`types.${value}`)}</Tag>} />
      <Table.Column dataIndex="buildingId" title={t("fields.building")} sorter render={codeOf} />
      <Table.Column<BaseRecord> key="floors" title={t("fields.floors")} render={(_, record) => currentFloors(record.premises)} />
      <Table.Column dataIndex="status" title={t("fields.status")} sorter render={(value) => <TenancyStatus status={value} />} />
      <Table.Column<BaseRecord>
        key="contactsStale"
        title={t("contacts.staleFilter")}
        render={(_, record) => (record.contactsStale ? <Tag color="orange">{t("contacts.stale")}</Tag> : <Tag color="green">{t("contacts.upToDate")}</Tag>)}
      />
      <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDate} />
    </Table>
  );
}
