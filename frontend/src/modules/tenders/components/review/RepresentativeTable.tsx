import type { BaseRecord } from "@refinedev/core";
import { Card, Table } from "antd";
import { AuditOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../format";
import { TenderStatus } from "../TenderStatus";
import type { Portal } from "../../../../types/session";

/** Where a representative opens a tender: the review screens, which open in REVIEW only. */
const reviewPath = (portal: Portal, tender: BaseRecord) =>
  portal === "staff" ? `/summary/${tender.id}/analysis-recos` : `/vendors/tender/review/${tender.id}`;

/** The dashboard's card of tenders to review as representative (RepresentativeTenders.tsx). */
export function RepresentativeTable({ portal, tenders }: { portal: Portal; tenders: BaseRecord[] }) {
  const { t } = useTranslation("tenders");
  return (
    <Card title={t("representatives.dashboard")} extra={<AuditOutlined />} data-testid="representative-tenders">
      <Table<BaseRecord> size="small" rowKey="id" dataSource={tenders} pagination={false}>
        <Table.Column<BaseRecord>
          dataIndex="prNumber"
          title={t("fields.prNumber")}
          render={(value, tender) => (tender.status === "REVIEW" ? <Link to={reviewPath(portal, tender)}>{value}</Link> : value)}
        />
        <Table.Column<BaseRecord> dataIndex="prDescription" title={t("fields.prDescription")} ellipsis />
        <Table.Column<BaseRecord>
          dataIndex="status"
          title={t("fields.status")}
          render={(value, tender) => <TenderStatus status={value} version={tender.version} />}
        />
        <Table.Column<BaseRecord> dataIndex="closingAt" title={t("fields.closingAt")} render={formatDateTime} />
      </Table>
    </Card>
  );
}
