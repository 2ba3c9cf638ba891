import { useList, useMany, type BaseRecord } from "@refinedev/core";
import { useState } from "react";
import { Button, ConfigProvider, Popconfirm, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { bidDisplayStatus, bidTotal, bidWorkflow, type BidState, type TenderState } from "./rules";
import { callMethod, useTenderActor } from "./api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { formatDateTime, formatMoney } from "./format";
import { latestQuery } from "./review/latest-query";
import { DocumentButton } from "./DocumentButton";
import { ReceiptCheckTag } from "./BidReceipt";
import { useTenderTerms } from "./TenderTerms";
import { unacceptedTerms } from "../../../../../backend/src/modules/tenders/services/tender-terms/tender-terms.shared";

const COLORS: Record<string, string> = { REPLIED: "success", "NO SHOW": "default" };

/**
 * Health check of an issued tender: who replied. The server withholds prices (sealed bids) until
 * the tender is opened after closing; the price column appears only when every bid came unsealed.
 */
export function HealthCheck({ tender, currency }: { tender: Record<string, any>; currency: string }) {
  const { t } = useTranslation("tenders");
  const { query } = useList<BaseRecord>({
    resource: "bids",
    filters: [{ field: "tenderId", operator: "eq", value: tender.id }],
    pagination: { mode: "off" },
  });
  const bids = query.data?.data ?? [];
  const terms = useTenderTerms(tender.id, tender.termsVersion);
  const { query: companiesQuery } = useMany<BaseRecord>({
    resource: "companies",
    ids: [...new Set(bids.map((bid) => bid.companyId as number))],
    queryOptions: { enabled: bids.length > 0 },
  });
  const name = (companyId: unknown) => companiesQuery.data?.data.find((company) => String(company.id) === String(companyId))?.name ?? `#${companyId}`;
  const pricesVisible = bids.length > 0 && bids.every((bid) => bid.sealed === false);
  const lineItems = (tender.lineItemGroups ?? []).flatMap((group: any) => group.lineItems ?? []);
  const facts = { status: tender.status as TenderState, version: Number(tender.version ?? 0), addendumStatus: tender.addendumStatus };
  // In REVIEW a replied bid also shows its latest query's state (Q-INVITED, Q-SUBMITTED).
  const { query: queriesQuery } = useList<BaseRecord>({
    resource: "tender-queries",
    filters: [
      { field: "tenderId", operator: "eq", value: tender.id },
      { field: "status", operator: "ne", value: "DRAFT" },
    ],
    pagination: { pageSize: 100, mode: "server" },
    queryOptions: { enabled: tender.status === "REVIEW" },
    errorNotification: false,
  });
  const queryText = (bid: BaseRecord) => {
    if (tender.status !== "REVIEW") return null;
    const text = bidDisplayStatus({ status: bid.status as BidState }, facts, latestQuery(queriesQuery.data?.data ?? [], bid.id) as never);
    return text.startsWith("Q-") ? text : null;
  };
  // The person in charge reopens a submitted bid while the tender is ISSUED, before closing.
  const actor = useTenderActor();
  const [reopening, setReopening] = useState<string | null>(null);
  const mayReopen = (bid: BaseRecord) =>
    Boolean(actor) &&
    bidWorkflow
      .actionsFrom(
        bid.status as BidState,
        {
          status: bid.status as BidState,
          vendorId: bid.companyId,
          tenderStatus: tender.status as TenderState,
          tenderManagedBy: tender.managedBy,
          closingAt: tender.closingAt,
          now: new Date(),
        },
        actor!,
      )
      .includes("reopen");
  const reopen = async (bid: BaseRecord) => {
    setReopening(String(bid.id));
    try {
      await callMethod("bids", "reopen", { id: bid.id, updatedAt: bid.updatedAt });
      notifySuccess(t("healthCheck.reopened"));
      await query.refetch();
    } catch (error) {
      notifyError("bids.reopen", error);
    } finally {
      setReopening(null);
    }
  };

  // Shown inside the read-only tender form too: its reopen buttons stay usable there.
  return (
    <ConfigProvider componentDisabled={false}>
      <Typography.Paragraph type="secondary">{pricesVisible ? t("healthCheck.opened") : t("healthCheck.sealed")}</Typography.Paragraph>
      <div data-testid="health-check">
        <Table<BaseRecord> size="small" rowKey="id" dataSource={bids} loading={query.isLoading} pagination={false}>
          <Table.Column<BaseRecord> title={t("healthCheck.vendor")} render={(_, bid) => name(bid.companyId)} />
          <Table.Column<BaseRecord>
            title={t("healthCheck.status")}
            render={(_, bid) => {
              const text = bidDisplayStatus({ status: bid.status as BidState }, facts, null, { healthCheck: true });
              const query = queryText(bid);
              return (
                <>
                  <Tag color={COLORS[text] ?? "processing"} data-testid="bid-display-status">
                    {t(`bidStatus.${text}`, { defaultValue: text })}
                  </Tag>
                  {query && (
                    <Tag color="blue" data-testid="bid-query-display-status">
                      {t(`bidStatus.${query}`)}
                    </Tag>
                  )}
                </>
              );
            }}
          />
          <Table.Column<BaseRecord> dataIndex="respondedOn" title={t("healthCheck.respondedOn")} render={formatDateTime} />
          {pricesVisible && (
            <Table.Column<BaseRecord>
              title={t("healthCheck.total")}
              align="right"
              render={(_, bid) => (bid.status === "SUBMITTED" ? formatMoney(bidTotal(lineItems, bid.content?.bidItemQtys, bid.content?.rates), currency) : "")}
            />
          )}
          {pricesVisible && terms && terms.items.length > 0 && (
            // Which terms each vendor accepted: sealed like the prices until the tender is opened.
            <Table.Column<BaseRecord>
              title={t("healthCheck.termsAccepted")}
              align="right"
              render={(_, bid) => (
                <span
                  data-testid="bid-terms-accepted"
                  title={terms.items
                    .filter((item) => (bid.termsAccepted ?? []).includes(item.id))
                    .map((item) => item.title)
                    .join("\n")}
                >
                  {`${terms.items.length - unacceptedTerms(terms.items, bid.termsAccepted).length} / ${terms.items.length}`}
                </span>
              )}
            />
          )}
          {pricesVisible && (
            // Opened: each receipt is checked against the bid (digest, nonce and time now readable).
            <Table.Column<BaseRecord>
              title={t("healthCheck.receipt")}
              render={(_, bid) =>
                bid.receiptDigest && (
                  <span data-testid="bid-receipt-check" title={`SHA-256 ${bid.receiptDigest}${bid.receiptNonce ? `\nnonce ${bid.receiptNonce}` : ""}`}>
                    <ReceiptCheckTag bid={bid} />
                  </span>
                )
              }
            />
          )}
          {pricesVisible && (
            <Table.Column<BaseRecord>
              title={t("healthCheck.document")}
              align="center"
              render={(_, bid) =>
                bid.status === "SUBMITTED" && <DocumentButton size="small" type="tender-bid" id={String(bid.id)} prNumber={tender.prNumber} label="PDF" />
              }
            />
          )}
          {bids.some(mayReopen) && (
            <Table.Column<BaseRecord>
              title={t("healthCheck.actions")}
              render={(_, bid) =>
                mayReopen(bid) && (
                  <Popconfirm
                    title={t("healthCheck.confirmReopen", { vendor: name(bid.companyId) })}
                    okText={t("healthCheck.reopen")}
                    cancelText={t("actions.close")}
                    onConfirm={() => reopen(bid)}
                  >
                    <Button size="small" loading={reopening === String(bid.id)} data-testid="bid-reopen">
                      {t("healthCheck.reopen")}
                    </Button>
                  </Popconfirm>
                )
              }
            />
          )}
        </Table>
      </div>
    </ConfigProvider>
  );
}
