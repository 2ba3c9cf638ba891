import { useState } from "react";
import { useList, type BaseRecord } from "@refinedev/core";
import { subject } from "@casl/ability";
import { Button, Popconfirm, Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../format";
import { currentAbility } from "../../../../providers/access-control";
import { callMethod } from "../api";
import { contractWorkflow, purchaseOrderWorkflow, type PurchaseFacts, type PurchaseState } from "../rules";
import { notifyError, notifySuccess } from "../../../../providers/notifications";

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
  managedBy?: number | null;
  updatedAt?: string;
}

/** The record's workflow (purchase.workflow.ts): the same table the server moves it with. */
export const purchaseWorkflow = (kind: PurchaseKind) => (kind === "PO" ? purchaseOrderWorkflow : contractWorkflow);

/**
 * What the user may do with a record, from its workflow and their ability: correct it while it is
 * in the workflow's editable phase and the update grant covers it (any, or own = they run its
 * tender), and the workflow's actions open from its status (cancel).
 */
export function purchaseActions(row: PurchaseRow): { edit: boolean; actions: string[] } {
  const ability = currentAbility();
  const workflow = purchaseWorkflow(row.kind);
  const facts: PurchaseFacts = { status: row.status as PurchaseState, managedBy: row.managedBy ?? null, companyId: row.companyId };
  const edit = workflow.isIn("editable", row.status) && ability.can("update", subject(purchaseResource(row.kind), { ...facts }));
  return { edit, actions: workflow.actionsFrom(facts.status, facts, { ability }) };
}

/**
 * "Edit" and "Cancel" of one record, for a user who may change it. Cancelling sets the status
 * CANCELLED with the version the list shows (a record changed meanwhile is refused, 410): the
 * record stays in the list, greyed, and keeps its number (the server never gives it again).
 */
export function PurchaseRowActions({ row, onEdit }: { row: PurchaseRow; onEdit: (row: PurchaseRow) => void }) {
  const { t } = useTranslation("purchases");
  const [cancelling, setCancelling] = useState(false);
  const { edit, actions } = purchaseActions(row);
  if (!edit && actions.length === 0) return null;
  const resource = purchaseResource(row.kind);
  const revision = row.kind === "CONTRACT" ? Number(row.revisionNum ?? 0) : undefined;
  const cancel = async () => {
    setCancelling(true);
    try {
      await callMethod(resource, "cancel", { id: row.id, updatedAt: row.updatedAt });
      notifySuccess(t(row.kind === "PO" ? "done.cancelledPO" : "done.cancelledCONTRACT", { number: row.number, revision }));
    } catch (error) {
      notifyError(`${resource}.cancel`, error);
    } finally {
      setCancelling(false);
    }
  };
  const key = row.kind === "PO" ? row.number : `${row.number}-${revision}`;
  return (
    <Space size="small">
      {edit && (
        <Button size="small" onClick={() => onEdit(row)} data-testid={`purchase-edit-${key}`}>
          {t("actions.edit")}
        </Button>
      )}
      {actions.includes("cancel") && (
        <Popconfirm
          title={t(row.kind === "PO" ? "cancel.titlePO" : "cancel.titleCONTRACT", { number: row.number, revision })}
          description={t("cancel.description")}
          okText={t("cancel.confirm")}
          cancelText={t("cancel.keep")}
          okButtonProps={{ danger: true, "data-testid": `purchase-cancel-confirm-${key}` } as never}
          onConfirm={cancel}
        >
          <Button size="small" danger loading={cancelling} data-testid={`purchase-cancel-${key}`}>
            {t("actions.cancel")}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
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
    sorters:
      kind === "PO"
        ? [{ field: "number", order: "asc" }]
        : [
            { field: "number", order: "asc" },
            { field: "revisionNum", order: "asc" },
          ],
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

/** Numbers and money read on one line (names and buttons wrap instead). */
const oneLine = { whiteSpace: "nowrap" } as const;

/** The table of a tender's purchases; `companyName` names the vendor, `extra` adds a last column. */
export function PurchaseList({
  rows,
  loading,
  companyName,
  extra,
}: {
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
        {
          title: t("fields.numberType"),
          key: "kind",
          render: (_, row) => <Tag color={row.kind === "PO" ? "blue" : "purple"}>{t(`numberTypes.${row.kind}`)}</Tag>,
        },
        { title: t("fields.number"), key: "number", render: (_, row) => <span style={oneLine}>{row.number}</span> },
        { title: t("fields.revisionNum"), key: "revisionNum", render: (_, row) => (row.kind === "CONTRACT" ? row.revisionNum : "") },
        ...(companyName ? [{ title: t("fields.vendor"), key: "vendor", render: (_: unknown, row: PurchaseRow) => companyName(row.companyId) }] : []),
        {
          title: t("fields.amount"),
          key: "amount",
          align: "right" as const,
          render: (_, row) => <span style={oneLine}>{formatMoney(row.amount, row.currency)}</span>,
        },
        { title: t("fields.retentionPercent"), key: "retention", align: "right" as const, render: (_, row) => `${Number(row.retentionPercent)}%` },
        {
          title: t("fields.deduction"),
          key: "deduction",
          align: "right" as const,
          render: (_, row) => <span style={oneLine}>{formatMoney(row.deduction, row.currency)}</span>,
        },
        {
          title: t("fields.status"),
          key: "status",
          render: (_, row) => (
            <Tag color={purchaseWorkflow(row.kind).isIn("terminal", row.status) ? "default" : "green"} data-testid="purchase-status">
              {t(`statuses.${row.status}`, row.status)}
            </Tag>
          ),
        },
        ...(extra ? [{ title: "", key: "extra", render: (_: unknown, row: PurchaseRow) => extra(row) }] : []),
      ]}
    />
  );
}
