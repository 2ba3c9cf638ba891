import { Alert, Grid, Space, Table, Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useTranslation } from "react-i18next";
import { bidDisplayStatus, compareBids, type BidState, type ComparisonBid, type TenderState } from "../rules";
import { formatMoney, fromCents, unitLabel } from "../format";
import { useTenderBids } from "./useTenderBids";
import { useTenderTerms, type TenderTermsResult } from "../TenderTerms";

type Line = ReturnType<typeof compareBids>["lines"][number];

const cents = (value: number | null | undefined, currency: string) => (value === null || value === undefined ? "" : formatMoney(fromCents(value), currency));

/**
 * The terms a bid accepted, "n / m" with each term ticked or not in the tooltip. Sealed like the
 * prices: nothing shows while the server withholds `termsAccepted` (before the tender is opened).
 */
function TermsAccepted({ bid, terms }: { bid: Record<string, any> | undefined; terms: TenderTermsResult | null }) {
  const { t } = useTranslation("tenders");
  if (!bid || bid.sealed || !Array.isArray(bid.termsAccepted) || !terms?.items.length) return null;
  const accepted = terms.items.filter((item) => bid.termsAccepted.includes(item.id));
  const list = terms.items.map((item) => `${accepted.includes(item) ? "✓" : "✗"} ${item.title}`);
  return (
    <Tooltip title={<div style={{ whiteSpace: "pre-line" }}>{list.join("\n")}</div>}>
      <Tag color={accepted.length === terms.items.length ? "green" : "orange"} style={{ marginInlineStart: 8 }} data-testid="comparison-terms">
        {t("comparison.termsAccepted", { accepted: accepted.length, total: terms.items.length })}
      </Tag>
    </Tooltip>
  );
}

/**
 * Bid comparison, line by line (spec /comparison/{id}): the tender's groups and items, one column
 * group per compared bid (rate, line total, remark), the lowest price per line marked, totals per
 * bid with optional items left out, and the vendors who declined or did not reply. The server
 * sends prices only once the tender is opened (REVIEW and later); this screen opens only then.
 */
export function BidComparisonTable({ tender, currency }: { tender: Record<string, any>; currency: string }) {
  const { t } = useTranslation("tenders");
  const { bids, loading, companyName } = useTenderBids(tender.id);
  const terms = useTenderTerms(tender.id, tender.termsVersion);
  const comparison = compareBids(tender.lineItemGroups ?? [], bids as unknown as ComparisonBid[]);
  const sealed = comparison.bids.some((bid) => (bid as { sealed?: boolean }).sealed);
  const facts = { status: tender.status as TenderState, version: Number(tender.version ?? 0), addendumStatus: tender.addendumStatus };

  // One row per line, grouped in the tender's order; the group's name spans its lines.
  const groups = (tender.lineItemGroups ?? []) as { id: string; name?: string }[];
  const rows = groups.flatMap((group) => comparison.lines.filter((line) => line.groupId === String(group.id)));
  const groupSpan = (line: Line, index = 0) =>
    index > 0 && rows[index - 1]?.groupId === line.groupId ? 0 : rows.filter((row) => row.groupId === line.groupId).length;

  /*
   * Two columns per bid (a vendor's remark under its line total), so at 1440 px two or three bids fit
   * beside the items; more bids, or a phone, scroll sideways inside the table while the item stays
   * (its number and description are sticky; on a phone only they, narrower, so the prices have room).
   */
  const perBid = 2;
  const narrow = !Grid.useBreakpoint().md;
  const lead = narrow ? 3 : 4;
  const firstOfGroup = (line: Line) => rows.find((row) => row.groupId === line.groupId) === line;

  const columns: ColumnsType<Line> = [
    // On a phone the group is named above its first line instead, leaving the width to the prices.
    ...(narrow
      ? []
      : [
          {
            title: t("comparison.group"),
            width: 100,
            fixed: "left" as const,
            onCell: (line: Line, index?: number) => ({ rowSpan: groupSpan(line, index) }),
            render: (_: unknown, line: Line) => line.groupName,
          },
        ]),
    { title: t("items.itemNo"), width: 56, fixed: "left", render: (_, line) => line.item.itemNo },
    {
      title: t("items.itemDesc"),
      width: narrow ? 110 : 200,
      fixed: "left",
      render: (_, line) => (
        <Space direction="vertical" size={0}>
          {narrow && firstOfGroup(line) && <Typography.Text strong>{line.groupName}</Typography.Text>}
          <span>{line.item.itemDesc}</span>
          {line.item.remark && <Typography.Text type="secondary">{line.item.remark}</Typography.Text>}
          {line.excluded && <Tag data-testid="optional-item">{t("comparison.optional")}</Tag>}
        </Space>
      ),
    },
    {
      title: `${t("items.itemQty")} / ${t("items.itemUnit")}`,
      width: 96,
      align: "right",
      render: (_, line) => (
        <span style={{ whiteSpace: "nowrap" }}>
          {line.item.itemQty} {unitLabel(line.item.itemUnit)}
        </span>
      ),
    },
    ...comparison.bids.map((bid) => ({
      title: (
        <span>
          <span data-testid="comparison-bidder">{companyName(bid.companyId)}</span>
          <TermsAccepted bid={bids.find((candidate) => candidate.id === bid.id)} terms={terms} />
        </span>
      ),
      children: [
        {
          title: t("comparison.rate"),
          align: "right" as const,
          width: 116,
          render: (_: unknown, line: Line) => (
            <span style={{ whiteSpace: "nowrap" }}>{line.cells[bid.id].rate === null ? "" : formatMoney(line.cells[bid.id].rate, currency)}</span>
          ),
        },
        {
          title: t("comparison.lineTotal"),
          align: "right" as const,
          width: 150,
          render: (_: unknown, line: Line) => {
            const cell = line.cells[bid.id];
            const total = cents(cell.totalCents, currency);
            return (
              <Space direction="vertical" size={0} align="end">
                {cell.lowest ? (
                  <Tag color="green" style={{ marginInlineEnd: 0 }} data-testid="lowest-price">
                    {total}
                  </Tag>
                ) : (
                  <span style={{ whiteSpace: "nowrap" }}>{total}</span>
                )}
                {cell.remark && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: "right" }} data-testid="comparison-remark">
                    {t("comparison.remark")}: {cell.remark}
                  </Typography.Text>
                )}
              </Space>
            );
          },
        },
      ],
    })),
  ];

  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      {sealed && <Alert type="warning" showIcon message={t("healthCheck.sealed")} />}
      <div data-testid="comparison">
        <Table<Line>
          size="small"
          bordered
          loading={loading}
          rowKey={(line) => `${line.groupId}/${line.item.id}`}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t("comparison.noBids") }}
          summary={() => (
            <Table.Summary fixed>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={lead}>
                  <Typography.Text strong>{t("comparison.total")}</Typography.Text>
                </Table.Summary.Cell>
                {comparison.bids.map((bid, i) => (
                  <Table.Summary.Cell key={bid.id} index={lead + i * perBid} colSpan={perBid} align="right">
                    <span data-testid="comparison-total">
                      {comparison.lowestTotal.includes(bid.id) ? (
                        <Tag color="green">
                          {cents(comparison.totalsCents[bid.id], currency)} · {t("comparison.lowest")}
                        </Tag>
                      ) : (
                        <Typography.Text strong>{cents(comparison.totalsCents[bid.id], currency)}</Typography.Text>
                      )}
                    </span>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          )}
        />
      </div>
      {comparison.others.length > 0 && (
        <div data-testid="comparison-others">
          <Typography.Text type="secondary">{t("comparison.notCompared")}: </Typography.Text>
          {comparison.others.map((bid) => {
            const text = bidDisplayStatus({ status: bid.status as BidState }, facts);
            return (
              <Tag key={bid.id}>
                {companyName(bid.companyId)} · {t(`bidStatus.${text}`, { defaultValue: text })}
              </Tag>
            );
          })}
        </div>
      )}
    </Space>
  );
}
