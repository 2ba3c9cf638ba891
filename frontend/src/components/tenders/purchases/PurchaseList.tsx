import { useList, type BaseRecord } from "@refinedev/core";
import { Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../format";
import { currentAbility } from "../../../providers/access-control";

export type PurchaseKind = "PO" | "CONTRACT";
export const purchaseResource = (kind: PurchaseKind) => (kind === "PO" ? "purchase-orders" : "contracts");

export interface PurchaseRow extends BaseRecord {
  kind: PurchaseKind;
  number: string;
  revisionNum?: number;
  companyId: number;
  currency: string;
  amount: number;
  retentionPercent: number;
  deduction: number;
  status: string;
}

/**
 * The purchase orders and contracts of one tender, each contract revision a row (oldest first).
 * Live: a record raised elsewhere refreshes the list. A kind the user may not read is not asked
 * for (no rows of it).
 */
function usePurchasesOf(kind: PurchaseKind, tenderId: string) {
  return useList<PurchaseRow>({
    resource: purchaseResource(kind),
    filters: [{ field: "tenderId", operator: "eq", value: tenderId }],
    sorters: kind === "PO" ? [{ field: "number", order: "asc" }] : [{ field: "number", order: "asc" }, { field: "revisionNum", order: "asc" }],
    pagination: { mode: "off" },
    errorNotification: false,
    queryOptions: { retry: false, enabled: currentAbility().can("read", purchaseResource(kind)) },
  }).query;
}

export function useTenderPurchases(tenderId: string) {
  const orders = usePurchasesOf("PO", tenderId);
  const contracts = usePurchasesOf("CONTRACT", tenderId);
  const rows: PurchaseRow[] = [
    ...(orders.data?.data ?? []).map((row) => ({ ...row, kind: "PO" as const })),
    ...(contracts.data?.data ?? []).map((row) => ({ ...row, kind: "CONTRACT" as const })),
  ];
  return { rows, loading: orders.isLoading || contracts.isLoading };
}

/** The table of a tender's purchases; `companyName` names the vendor, `extra` adds a last column. */
export function PurchaseList({ rows, loading, companyName, extra }: {
  rows: PurchaseRow[];
  loading?: boolean;
  companyName?: (companyId: unknown) => string;
  extra?: (row: PurchaseRow) => React.ReactNode;
}) {
  const { t } = useTranslation("purchases");
  return (
    <Table<PurchaseRow>
      size="small"
      rowKey={(row) => `${row.kind}-${row.id}`}
      loading={loading}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t("list.empty") }}
      data-testid="purchase-list"
      columns={[
        { title: t("fields.numberType"), key: "kind", render: (_, row) => <Tag color={row.kind === "PO" ? "blue" : "purple"}>{t(`numberTypes.${row.kind}`)}</Tag> },
        { title: t("fields.number"), dataIndex: "number" },
        { title: t("fields.revisionNum"), key: "revisionNum", render: (_, row) => (row.kind === "CONTRACT" ? row.revisionNum : "") },
        ...(companyName ? [{ title: t("fields.vendor"), key: "vendor", render: (_: unknown, row: PurchaseRow) => companyName(row.companyId) }] : []),
        { title: t("fields.amount"), key: "amount", align: "right" as const, render: (_, row) => formatMoney(row.amount, row.currency) },
        { title: t("fields.retentionPercent"), key: "retention", align: "right" as const, render: (_, row) => `${Number(row.retentionPercent)}%` },
        { title: t("fields.deduction"), key: "deduction", align: "right" as const, render: (_, row) => formatMoney(row.deduction, row.currency) },
        { title: t("fields.status"), key: "status", render: (_, row) => <Tag color={row.status === "ACTIVE" ? "green" : "default"}>{t(`statuses.${row.status}`, row.status)}</Tag> },
        ...(extra ? [{ title: "", key: "extra", render: (_: unknown, row: PurchaseRow) => extra(row) }] : []),
      ]}
    />
  );
}
