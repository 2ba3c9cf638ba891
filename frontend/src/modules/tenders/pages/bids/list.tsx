import { List, useTable } from "@refinedev/antd";
import { useMany, type BaseRecord, type CrudFilters } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Form, Input, Select, Table, Tag } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { bidDisplayStatus, bidStates, type BidState, type TenderState } from "../../components/rules";
import { formatDateTime } from "../../components/format";

const COLORS: Record<string, string> = {
  INVITED: "processing",
  "A-INVITED": "processing",
  DRAFT: "default",
  SUBMITTED: "success",
  DECLINED: "error",
  "NO SHOW": "default",
};

/**
 * The vendor's tender invitations: its company's bids with the tender they answer, found by the
 * PR number or description; unsorted, the server lists the open ones first (soonest closing
 * first), then the rest (latest closing first).
 */
export function BidList() {
  const { t } = useTranslation(["bids", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, { status?: BidState[]; search?: string }>({
    resource: "bids",
    sorters: { initial: [] },
    syncWithLocation: false,
    onSearch: ({ status, search }): CrudFilters => [
      { field: "status", operator: "in", value: status?.length ? status : undefined },
      { field: "search", operator: "eq", value: search?.trim() || undefined },
    ],
  });
  const bids = (tableProps.dataSource ?? []) as BaseRecord[];
  const { query } = useMany<BaseRecord>({
    resource: "tenders",
    ids: [...new Set(bids.map((bid) => bid.tenderId as string))],
    // A live change to the bids (a new invitation) asks for another set of tenders: the ones
    // already known keep their PR numbers meanwhile instead of the whole column going back to "…".
    queryOptions: { enabled: bids.length > 0, placeholderData: keepPreviousData },
  });
  const tenderOf = (bid: BaseRecord) => query.data?.data.find((tender) => tender.id === bid.tenderId);

  return (
    <List title={t("titles.list")}>
      {/* The invitations' own status (a vendor's bids of many tenders): found by it; no export of bids. */}
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="bids" exportable={false}>
        <Form.Item name="search" label={t("fields.search")}>
          <Input allowClear placeholder={t("searchHint")} style={{ width: 240 }} data-testid="invitation-search" />
        </Form.Item>
        <Form.Item name="status" label={t("fields.status")}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 200 }}
            maxTagCount="responsive"
            data-testid="bid-status-filter"
            options={bidStates.map((state) => ({ value: state, label: t(`status.${state}`) }))}
          />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 800 }} data-testid="invitations">
        {/* The tender's fields sort on the server by their key (bids.class.ts reads them through the tender); the bid has no such value. */}
        <Table.Column<BaseRecord>
          key="prNumber"
          dataIndex="prNumber"
          sorter
          title={t("fields.prNumber")}
          render={(_, bid) => <Link to={`/vendors/tender-bid/${bid.id}`}>{tenderOf(bid)?.prNumber ?? "…"}</Link>}
        />
        <Table.Column<BaseRecord>
          key="prDescription"
          dataIndex="prDescription"
          sorter
          title={t("fields.description")}
          render={(_, bid) => tenderOf(bid)?.prDescription}
        />
        <Table.Column<BaseRecord>
          key="closingAt"
          dataIndex="closingAt"
          sorter
          title={t("fields.closingAt")}
          render={(_, bid) => formatDateTime(tenderOf(bid)?.closingAt)}
        />
        <Table.Column<BaseRecord>
          dataIndex="status"
          title={t("fields.status")}
          sorter
          render={(status, bid) => {
            const tender = tenderOf(bid);
            const text = tender
              ? bidDisplayStatus(
                  { status: status as BidState },
                  { status: tender.status as TenderState, version: Number(tender.version ?? 0), addendumStatus: tender.addendumStatus },
                )
              : status;
            return <Tag color={COLORS[text] ?? "default"}>{t(`status.${text}`, { defaultValue: text })}</Tag>;
          }}
        />
        <Table.Column dataIndex="respondedOn" title={t("fields.respondedOn")} sorter render={formatDateTime} />
      </Table>
    </List>
  );
}
