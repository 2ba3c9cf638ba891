import { Descriptions, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { G702Figures, G703Line } from "../../../../../backend/src/modules/projects/claims/g702.shared";
import { amountText } from "./api";

const NS = "project-submissions";

/** The AIA G702 summary (application and certificate for payment): lines 1 to 9 of the claim's figures. */
export function G702Summary({ figures }: { figures: G702Figures }) {
  const { t } = useTranslation(NS);
  const rows: [string, string, number | null, string?][] = [
    ["originalContractSum", t("g702.originalContractSum"), figures.originalContractSumCents],
    ["netChangeByChangeOrders", t("g702.netChangeByChangeOrders"), figures.netChangeByChangeOrdersCents],
    ["contractSumToDate", t("g702.contractSumToDate"), figures.contractSumToDateCents],
    ["totalCompletedAndStored", t("g702.totalCompletedAndStored"), figures.totalCompletedAndStoredCents],
    ["retainage", t("g702.retainage"), null],
    [
      "retainageOnCompletedWork",
      t("g702.retainageOnCompletedWork", { percent: figures.retainageOnCompletedWork.percent }),
      figures.retainageOnCompletedWork.cents,
      "sub",
    ],
    [
      "retainageOnStoredMaterials",
      t("g702.retainageOnStoredMaterials", { percent: figures.retainageOnStoredMaterials.percent }),
      figures.retainageOnStoredMaterials.cents,
      "sub",
    ],
    ["retainageReleased", t("g702.retainageReleased"), figures.retainageReleasedCents, "sub"],
    ["totalRetainage", t("g702.totalRetainage"), figures.totalRetainageCents],
    ["totalEarnedLessRetainage", t("g702.totalEarnedLessRetainage"), figures.totalEarnedLessRetainageCents],
    ["lessPreviousCertificates", t("g702.lessPreviousCertificates"), figures.lessPreviousCertificatesCents],
    ["currentPaymentDue", t("g702.currentPaymentDue"), figures.currentPaymentDueCents],
    ["balanceToFinishIncludingRetainage", t("g702.balanceToFinishIncludingRetainage"), figures.balanceToFinishIncludingRetainageCents],
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={`${t("ledger.summary")} · ${t("g702.applicationNo")} ${figures.applicationNo}`}
      data-testid="g702-summary"
      styles={{ label: { width: "65%" }, content: { textAlign: "right", fontVariantNumeric: "tabular-nums" } }}
    >
      {rows.map(([key, label, cents, kind]) => (
        <Descriptions.Item key={key} label={kind === "sub" ? <span style={{ paddingLeft: 16 }}>{label}</span> : label}>
          <span data-testid={`g702-${key}`}>{amountText(cents)}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** The AIA G703 continuation sheet: per line of the schedule, columns A to H and the grand total. */
export function G703Table({ figures, compact }: { figures: G702Figures; compact?: boolean }) {
  const { t } = useTranslation(NS);
  const money = (key: keyof G703Line, title: string) => ({
    key,
    dataIndex: key,
    title,
    align: "right" as const,
    width: 130,
    render: (cents: number) => amountText(cents),
  });
  return (
    <>
      <Typography.Text strong>{t("ledger.sheet")}</Typography.Text>
      <Table<G703Line>
        data-testid="g703-table"
        size="small"
        rowKey="item"
        dataSource={figures.lines}
        pagination={figures.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 1100 }}
        sticky={!compact}
        onRow={() => ({ "data-testid": "g703-row" }) as never}
        columns={[
          { key: "item", dataIndex: "item", title: t("g702.columns.item"), width: 80, fixed: "left" },
          { key: "description", dataIndex: "description", title: t("g702.columns.description"), width: 200 },
          money("scheduledValueCents", t("g702.columns.scheduledValue")),
          money("previousApplicationCents", t("g702.columns.previousApplication")),
          money("thisPeriodCents", t("g702.columns.thisPeriod")),
          money("materialsStoredCents", t("g702.columns.materialsStored")),
          money("totalCompletedAndStoredCents", t("g702.columns.totalCompletedAndStored")),
          {
            key: "percentComplete",
            dataIndex: "percentComplete",
            title: t("g702.columns.percentComplete"),
            align: "right",
            width: 80,
            render: (value: string | null) => (value === null ? "" : `${value}%`),
          },
          money("balanceToFinishCents", t("g702.columns.balanceToFinish")),
        ]}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="g703-total">
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{t("g702.grandTotal")}</strong>
              </Table.Summary.Cell>
              {(["scheduledValueCents", "previousApplicationCents", "thisPeriodCents", "materialsStoredCents", "totalCompletedAndStoredCents"] as const).map(
                (column, index) => (
                  <Table.Summary.Cell key={column} index={index + 2} align="right">
                    <strong>{amountText(figures.totals[column])}</strong>
                  </Table.Summary.Cell>
                ),
              )}
              <Table.Summary.Cell index={7} />
              <Table.Summary.Cell index={8} align="right">
                <strong>{amountText(figures.totals.balanceToFinishCents)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </>
  );
}

/** Both sheets of a claim's ledger. */
export function LedgerView({ figures }: { figures: G702Figures | null | undefined }) {
  const { t } = useTranslation(NS);
  if (!figures) return <Typography.Text type="secondary">{t("ledger.none")}</Typography.Text>;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <G702Summary figures={figures} />
      <G703Table figures={figures} />
    </div>
  );
}
