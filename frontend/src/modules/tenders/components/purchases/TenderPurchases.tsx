import { useState } from "react";
import { useOne } from "@refinedev/core";
import { subject } from "@casl/ability";
import { Button, Card, Space } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../../providers/access-control";
import { useSession } from "../../../../providers/session";
import { compareBids, type ComparisonBid } from "../rules";
import { useTenderBids } from "../review/useTenderBids";
import { PurchaseForm, type AwardFacts, type PurchaseDraft } from "./PurchaseForm";
import { PurchaseList, PurchaseRowActions, purchaseWorkflow, useTenderPurchases, type PurchaseRow } from "./PurchaseList";

/**
 * "Purchase order / contract" of an AWARDED tender (staff): its purchase orders and contracts
 * with every contract revision, and, for a user who may create them on this tender (the grant on
 * any record, or on own records when they run the tender), the buttons that raise them. Nothing
 * for a user who may read neither.
 */
export function TenderPurchases({ tender }: { tender: Record<string, any> }) {
  const { t } = useTranslation("purchases");
  const [draft, setDraft] = useState<PurchaseDraft | null>(null);
  const { bids, companyName } = useTenderBids(tender.id);
  const { rows, loading } = useTenderPurchases(tender.id);
  const { query: site } = useOne<Record<string, any>>({
    resource: "sites",
    id: tender.siteId,
    queryOptions: { enabled: Boolean(tender.siteId) },
    errorNotification: false,
  });
  useSession((s) => s.rules); // a change of rules (region, sign-in) decides the buttons again
  const ability = currentAbility();
  const owned = { managedBy: tender.managedBy };
  const canPo = ability.can("create", subject("purchase-orders", { ...owned }));
  const canContract = ability.can("create", subject("contracts", { ...owned }));
  const canRead = ability.can("read", "purchase-orders") || ability.can("read", "contracts");

  const awarded = bids.find((bid) => bid.id === tender.recommendedBidId);
  const totals = compareBids(tender.lineItemGroups ?? [], bids as unknown as ComparisonBid[]).totalsCents;
  const award: AwardFacts | null = awarded
    ? {
        tenderId: tender.id,
        companyId: Number(awarded.companyId),
        vendorName: companyName(awarded.companyId),
        siteId: Number(tender.siteId),
        siteName: (site.data?.data?.name as string | undefined) ?? `#${tender.siteId}`,
        finalAmount: (totals[String(awarded.id)] ?? 0) / 100,
      }
    : null;

  /** The newest revision of each contract number gets the "new revision" button. */
  const latest = (row: PurchaseRow) =>
    row.kind === "CONTRACT" &&
    !rows.some(
      (other) => other.kind === "CONTRACT" && other.number.toLowerCase() === row.number.toLowerCase() && Number(other.revisionNum) > Number(row.revisionNum),
    );
  const revise = (row: PurchaseRow) =>
    canContract && latest(row) ? (
      <Button
        size="small"
        onClick={() =>
          setDraft({
            kind: "CONTRACT",
            revisionOf: {
              number: row.number,
              revisionNum: Number(row.revisionNum),
              currency: row.currency,
              retentionPercent: Number(row.retentionPercent),
              deduction: Number(row.deduction),
            },
          })
        }
        data-testid={`purchase-revise-${row.number}`}
      >
        {t("actions.revise")}
      </Button>
    ) : null;
  // A record with no way out (cancelled, by its workflow) is closed: no revision, correction or cancellation from it.
  const actions = award
    ? (row: PurchaseRow) =>
        purchaseWorkflow(row.kind).isIn("terminal", row.status) ? null : (
          <Space size="small" wrap>
            {revise(row)}
            <PurchaseRowActions row={row} onEdit={(edit) => setDraft({ kind: edit.kind, edit })} />
          </Space>
        )
    : undefined;

  if (!canRead) return null;
  return (
    <Card
      size="small"
      title={t("title")}
      style={{ marginBottom: 16 }}
      data-testid="tender-purchases"
      extra={
        award && (canPo || canContract) ? (
          <Space wrap>
            {canPo && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft({ kind: "PO" })} data-testid="raise-po">
                {t("actions.raisePo")}
              </Button>
            )}
            {canContract && (
              <Button icon={<PlusOutlined />} onClick={() => setDraft({ kind: "CONTRACT" })} data-testid="raise-contract">
                {t("actions.raiseContract")}
              </Button>
            )}
          </Space>
        ) : null
      }
    >
      <PurchaseList rows={rows} loading={loading} companyName={companyName} extra={actions} />
      {award && <PurchaseForm draft={draft} award={award} onClose={() => setDraft(null)} />}
    </Card>
  );
}
