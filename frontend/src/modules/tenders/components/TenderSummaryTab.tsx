import { ConfigProvider, Descriptions, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DocumentButton } from "./DocumentButton";
import { safeGroupTotal, safeTenderTotal, type GroupValues } from "./line-items";
import { formatDate, formatDateTime, formatMoney } from "./format";
import { TenderStatus } from "./TenderStatus";

/** The Tender Summary tab: the tender's facts and its groups' subtotals, live from the form's lines. */
export function TenderSummaryTab({ record, groups, currency }: { record: Record<string, any>; groups: GroupValues[] | undefined; currency: string }) {
  const { t } = useTranslation("tenders");
  const itemCount = (groups ?? []).reduce((n, g) => n + (g?.lineItems?.length ?? 0), 0);
  return (
    <>
      {/* The tender as stored, printed by the server; a download, not an edit (stays enabled on a read-only tender). */}
      <ConfigProvider componentDisabled={false}>
        <div style={{ textAlign: "right", marginBottom: 12 }}>
          <DocumentButton type="tender-summary" id={record.id} prNumber={record.prNumber} />
        </div>
      </ConfigProvider>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t("fields.prNumber")}>{record.prNumber}</Descriptions.Item>
        <Descriptions.Item label={t("fields.prDescription")}>{record.prDescription}</Descriptions.Item>
        <Descriptions.Item label={t("fields.tenderType")}>{t(`types.${record.tenderType}`, { defaultValue: record.tenderType })}</Descriptions.Item>
        <Descriptions.Item label={t("fields.status")}>
          <TenderStatus status={record.status} version={record.version} addendumStatus={record.addendumStatus} />
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.budget")}>{formatMoney(record.amount, record.currency || currency)}</Descriptions.Item>
        <Descriptions.Item label={t("items.total")}>
          <span data-testid="summary-total">{formatMoney(safeTenderTotal(groups), currency)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.groups")}>{groups?.length ?? 0}</Descriptions.Item>
        <Descriptions.Item label={t("fields.lineItems")}>{itemCount}</Descriptions.Item>
        <Descriptions.Item label={t("fields.closingAt")}>{formatDateTime(record.closingAt)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.validityDays")}>{record.validityDays}</Descriptions.Item>
        <Descriptions.Item label={t("fields.issuedAt")}>{formatDate(record.issuedAt)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.version")}>{record.version}</Descriptions.Item>
        {record.rejectReason && (
          <Descriptions.Item label={t("fields.rejectReason")} span={2}>
            {record.rejectReason}
          </Descriptions.Item>
        )}
        {record.extendReason && (
          <Descriptions.Item label={t("fields.extendReason")} span={2}>
            {record.extendReason}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        style={{ marginTop: 16 }}
        size="small"
        pagination={false}
        rowKey={(group) => group.id}
        dataSource={(groups ?? []).filter(Boolean)}
        data-testid="summary-groups"
        locale={{ emptyText: t("items.empty") }}
        columns={[
          { title: t("summary.group"), render: (_, group, index) => group.name || t("summary.unnamed", { n: index + 1 }) },
          { title: t("fields.lineItems"), width: 110, align: "right", render: (_, group) => group.lineItems?.length ?? 0 },
          {
            title: t("summary.subtotal"),
            width: 200,
            align: "right",
            render: (_, group) => <span data-testid="group-subtotal">{formatMoney(safeGroupTotal(group), currency)}</span>,
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <Typography.Text strong>{t("items.total")}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong>{formatMoney(safeTenderTotal(groups), currency)}</Typography.Text>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t("summary.excluded")}
      </Typography.Paragraph>
    </>
  );
}
