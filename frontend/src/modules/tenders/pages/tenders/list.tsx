import { useEffect } from "react";
import { List, useTable } from "@refinedev/antd";
import { useCan, useList, type BaseRecord, type CrudFilter, type CrudFilters } from "@refinedev/core";
import { Badge, Checkbox, Form, Input, Select, Space, Table, Tag, Tooltip } from "antd";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { useRegionCurrency } from "../../../../components/settings/format";
import { formatDate, formatDateTime, formatMoney } from "../../components/format";
import {
  parseNumericFilter,
  tenderStates,
  timeFilterOptions,
  timeFilterSince,
  toFeathersQuery,
  hasQueryIndicator,
  type TenderState,
  type TimeFilterOption,
} from "../../components/rules";
import { awaitingApprovalOf, tenderPath } from "../../components/paths";
import { useSession } from "../../../../providers/session";
import { NewTenderButton } from "../../components/NewTenderButton";
import { TenderStatus } from "../../components/TenderStatus";

interface Search {
  status?: string[];
  prNumber?: string;
  poNumber?: string;
  amount?: string;
  timeField?: "closingAt" | "createdAt";
  time?: TimeFilterOption;
  awaitingMe?: boolean;
}

/** The "Waiting for my approval" filter: either kind of `awaitingApprovalOf`; unset, it is cleared. */
function awaitingFilter(userId: unknown, on: boolean | undefined): CrudFilter {
  const { tenders, addenda } = awaitingApprovalOf(userId);
  const active = Boolean(on && userId !== undefined);
  return {
    key: "awaiting",
    operator: "or",
    value: active
      ? [
          { operator: "and", value: tenders },
          { operator: "and", value: addenda },
        ]
      : [],
  };
}

const FEATHERS_OPS: Record<string, CrudFilter["operator"]> = { $lt: "lt", $gt: "gt", $lte: "lte", $gte: "gte" };

/** The amount filter as Refine filters, from the same parsed query the server rules describe. */
function amountFilters(text: string | undefined): CrudFilter[] {
  const query = toFeathersQuery("amount", parseNumericFilter(text));
  if (!("amount" in query)) return [{ field: "amount", operator: "eq", value: undefined }];
  const value = query.amount;
  if (typeof value === "number") return [{ field: "amount", operator: "eq", value }];
  return Object.entries(value as Record<string, number>).map(([op, v]) => ({ field: "amount", operator: FEATHERS_OPS[op], value: v }) as CrudFilter);
}

/**
 * The query indicator (spec §4): a tender in REVIEW that the user manages or represents, with a
 * query that is not a draft on one of its bids. One request for the page's REVIEW tenders.
 */
function useQueryIndicators(rows: readonly BaseRecord[]) {
  const userId = useSession((s) => s.user?.id);
  const reviewIds = rows.filter((row) => row.status === "REVIEW").map((row) => row.id);
  const { query } = useList<BaseRecord>({
    resource: "tender-queries",
    filters: [
      { field: "tenderId", operator: "in", value: reviewIds },
      { field: "status", operator: "ne", value: "DRAFT" },
    ],
    pagination: { pageSize: 100, mode: "server" },
    queryOptions: { enabled: reviewIds.length > 0 },
    errorNotification: false,
  });
  const queries = query.data?.data ?? [];
  return (row: BaseRecord) =>
    userId !== undefined &&
    hasQueryIndicator(
      { status: row.status as TenderState, managedBy: row.managedBy as number, accounts: row.accounts as never },
      [{ queries: queries.filter((q) => q.tenderId === row.id) as never }],
      { id: userId },
    );
}

export function TenderList() {
  const { t } = useTranslation(["tenders", "common"]);
  const currency = useRegionCurrency();
  const { data: canCreate } = useCan({ resource: "tenders", action: "create" });
  const userId = useSession((s) => s.user?.id);
  const [searchParams] = useSearchParams();
  // `awaitingMyApprovalPath` (the dashboard's "View all") opens the list on what waits for me.
  const awaitingAtOpen = searchParams.get("awaiting") === "me";
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    syncWithLocation: false,
    filters: { initial: [awaitingFilter(userId, awaitingAtOpen)] },
    onSearch: ({ status, prNumber, poNumber, amount, timeField = "closingAt", time = "Show All", awaitingMe }): CrudFilters => {
      const since = timeFilterSince(time, new Date());
      return [
        { field: "status", operator: "in", value: status },
        { field: "prNumber", operator: "contains", value: prNumber?.trim() },
        { field: "poNumber", operator: "eq", value: poNumber?.trim() || undefined },
        ...amountFilters(amount),
        { field: "closingAt", operator: "gte", value: timeField === "closingAt" && since ? since.toISOString() : undefined },
        { field: "createdAt", operator: "gte", value: timeField === "createdAt" && since ? since.toISOString() : undefined },
        awaitingFilter(userId, awaitingMe),
      ];
    },
  });

  const indicated = useQueryIndicators(tableProps.dataSource ?? []);
  // Ticked when the list opens so filtered; not its initial value, so Reset clears it like the rest.
  const form = searchFormProps.form;
  useEffect(() => {
    if (awaitingAtOpen) form?.setFieldsValue({ awaitingMe: true });
  }, [awaitingAtOpen, form]);

  return (
    <List title={t("titles.list")} headerButtons={canCreate?.can ? <NewTenderButton /> : null}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="prNumber" label={t("fields.prNumber")}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="poNumber" label={t("fields.poNumber")} tooltip={t("filters.poNumberHelp")}>
          <Input allowClear style={{ width: 150 }} data-testid="po-filter" />
        </Form.Item>
        <Form.Item name="status" label={t("fields.status")}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 180 }}
            maxTagCount="responsive"
            options={tenderStates.map((state) => ({ value: state, label: t(`status.${state}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t("fields.amount")}
          tooltip={t("filters.amountHelp")}
          rules={[
            {
              validator: async (_, value) => {
                if (value && value.trim() && !parseNumericFilter(value)) throw new Error(t("filters.amountInvalid"));
              },
            },
          ]}
        >
          <Input allowClear placeholder=">= 500,000" style={{ width: 150 }} data-testid="amount-filter" />
        </Form.Item>
        <Form.Item name="timeField" label={t("filters.timeField")} initialValue="closingAt">
          <Select
            style={{ width: 140 }}
            options={[
              { value: "closingAt", label: t("fields.closingAt") },
              { value: "createdAt", label: t("fields.createdAt") },
            ]}
          />
        </Form.Item>
        <Form.Item name="time" initialValue="Show All">
          <Select
            aria-label={t("filters.timeRange")}
            style={{ width: 130 }}
            options={timeFilterOptions.map((option) => ({ value: option, label: t(`timeFilter.${option}`) }))}
          />
        </Form.Item>
        <Form.Item name="awaitingMe" valuePropName="checked" tooltip={t("filters.awaitingMeHelp")}>
          <Checkbox data-testid="awaiting-me-filter">{t("filters.awaitingMe")}</Checkbox>
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 1000 }}>
        <Table.Column<BaseRecord>
          dataIndex="prNumber"
          title={t("fields.prNumber")}
          sorter
          render={(value, record) => (
            <Space size={4}>
              <Link to={tenderPath(record as never, userId)}>{value}</Link>
              {indicated(record) && (
                <Tooltip title={t("queries.indicator")}>
                  <Badge status="processing" data-testid="query-indicator" />
                </Tooltip>
              )}
            </Space>
          )}
        />
        <Table.Column dataIndex="prDescription" title={t("fields.prDescription")} sorter ellipsis />
        <Table.Column
          dataIndex="tenderType"
          title={t("fields.tenderType")}
          sorter
          render={(value) => <Tag>{t(`types.${value}`, { defaultValue: value })}</Tag>}
        />
        <Table.Column<BaseRecord>
          dataIndex="status"
          title={t("fields.status")}
          sorter
          render={(value, record) => <TenderStatus status={value} version={record.version} addendumStatus={record.addendumStatus} />}
        />
        <Table.Column<BaseRecord>
          dataIndex="amount"
          title={t("fields.amount")}
          sorter
          align="right"
          render={(value, record) => formatMoney(value, record.currency || currency)}
        />
        <Table.Column dataIndex="closingAt" title={t("fields.closingAt")} sorter render={formatDateTime} />
        <Table.Column dataIndex="createdAt" title={t("fields.createdAt")} sorter render={formatDate} />
      </Table>
    </List>
  );
}
