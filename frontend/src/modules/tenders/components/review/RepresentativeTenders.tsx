import { useList, type BaseRecord } from "@refinedev/core";
import { Card, Table } from "antd";
import { AuditOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../../providers/access-control";
import { useSession } from "../../../../providers/session";
import { formatDateTime } from "../format";
import { TenderStatus } from "../TenderStatus";
import type { Portal } from "../../../../types/session";

/** Where a representative opens a tender: the review screens, which open in REVIEW only. */
const reviewPath = (portal: Portal, tender: BaseRecord) =>
  portal === "staff" ? `/summary/${tender.id}/analysis-recos` : `/vendors/tender/review/${tender.id}`;

/**
 * The dashboard's "tenders to review as representative" (spec §7 GET tenders/as-representative):
 * shown to users holding "review as tender representative" who are listed on a tender; a row links to the review screens
 * while the tender is in REVIEW, the only status a representative reviews in.
 */
export function RepresentativeTenders({ portal }: { portal: Portal }) {
  const { t } = useTranslation("tenders");
  useSession((s) => s.rules); // re-render when the rules change
  const reviews = currentAbility().can("review", "tenders");
  const { query } = useList<BaseRecord>({
    resource: "tenders",
    filters: [{ field: "asRepresentative", operator: "eq", value: true }],
    sorters: [{ field: "closingAt", order: "desc" }],
    pagination: { pageSize: 20, mode: "server" },
    queryOptions: { enabled: reviews },
    errorNotification: false,
  });
  // Nothing to review (an administrator holds the permission without being listed): no card.
  if (!reviews || !query.data?.data.length) return null;
  return (
    <Card title={t("representatives.dashboard")} extra={<AuditOutlined />} data-testid="representative-tenders">
      <Table<BaseRecord> size="small" rowKey="id" dataSource={query.data?.data ?? []} loading={query.isLoading} pagination={false}>
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
