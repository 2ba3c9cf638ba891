import { useEffect, useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Form, Space, Spin, Switch, Tag, Typography } from "antd";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { bidDisplayStatus, bidWorkflow, type BidState, type TenderState } from "../../components/rules";
import { RevisionHistory } from "../../components/RevisionHistory";
import { callMethod, useTenderActor } from "../../components/api";
import { useRegionCurrency } from "../../../../components/settings/format";
import { notifyError, notifySuccess, notifyWarning } from "../../../../providers/notifications";
import { BidQueries } from "../../components/BidQueries";
import { VendorPurchases } from "../../components/purchases/VendorPurchases";
import { TenderStatus } from "../../components/TenderStatus";
import { useTenderTerms } from "../../components/TenderTerms";
import { DocumentTable, useTenderDocuments } from "../../components/TenderDocuments";
import { DocumentButton } from "../../components/DocumentButton";
import { unacceptedTerms } from "../../../../../../backend/src/modules/tenders/services/tender-terms/tender-terms.shared";
import { BidReceipt } from "../../components/BidReceipt";
import { fieldPaths, numbers, sameValue, valueAt, valuesOf, type BidValues, type FieldPath } from "../../components/bids/bid-values";
import { BidFacts } from "../../components/bids/BidFacts";
import { BidTermsCard } from "../../components/bids/BidTermsCard";
import { BidItemsCard } from "../../components/bids/BidItemsCard";
import { BidDeclineModal } from "../../components/bids/BidDeclineModal";

/** The vendor's bid on one tender: terms, quantities and rates, live totals; save, submit or decline. */
export function BidShow() {
  const { t } = useTranslation("bids");
  const { t: tr } = useTranslation("tender-revisions");
  const { id } = useParams();
  const actor = useTenderActor() ?? undefined;
  const regionCurrency = useRegionCurrency();
  const [form] = Form.useForm<BidValues>();
  const [declineForm] = Form.useForm<{ reason: string }>();
  const [declining, setDeclining] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [bid, setBid] = useState<Record<string, any> | undefined>(undefined);
  const { query: bidQuery } = useOne<Record<string, any>>({ resource: "bids", id, queryOptions: { enabled: Boolean(id) } });
  const { query: tenderQuery } = useOne<Record<string, any>>({
    resource: "tenders",
    id: bidQuery.data?.data?.tenderId,
    queryOptions: { enabled: Boolean(bidQuery.data?.data?.tenderId) },
  });
  const tender = tenderQuery.data?.data;
  const values = Form.useWatch([], form) as BidValues | undefined;
  const terms = useTenderTerms(tender?.id, tender?.termsVersion);
  // A vendor prices against the documents in effect: expired ones were superseded and would
  // mislead, so the list shows what is in effect today (newest first, the latest drawing on top).
  // A document announced for later still matters to a price, so one switch shows the others too,
  // each marked expired or not yet effective, rather than hiding them for good.
  const [allDocuments, setAllDocuments] = useState(false);
  const documents = useTenderDocuments(tender?.id, { effectiveOnly: !allDocuments, sortType: "EFFECTIVE_DESC" });

  // The form holds the vendor's entries; it takes the server's bid when it loads and again when
  // someone else changed it (an addendum re-invited it, the bid was reopened, a colleague saved it):
  // the vendor then works on the current bid, not on a stale copy that would answer 410. What the
  // vendor has entered since the bid last came from the server is theirs and stays (a re-read must
  // not undo a tick or a typed rate); only the fields they left alone take the server's values.
  // While the vendor's own save, submit or decline is on its way, a re-read (the live event of its
  // save) may already carry its result: that is no one else's change, and its answer sets the bid.
  // Once it is done, a copy newer than its answer is someone else's.
  useEffect(() => {
    const loaded = bidQuery.data?.data;
    if (busy || !loaded || (bid && new Date(loaded.updatedAt).getTime() <= new Date(bid.updatedAt).getTime())) return;
    const theirs = valuesOf(loaded);
    if (!bid) {
      form.setFieldsValue(theirs);
    } else {
      const base = valuesOf(bid);
      const mine = form.getFieldsValue(true) as BidValues;
      const paths = fieldPaths(base, mine, theirs);
      const edited = (path: FieldPath) => !sameValue(valueAt(mine, path), valueAt(base, path));
      // Paths of entries by line item id, which the form's static types cannot name.
      const untouched = paths.filter((path) => !edited(path)).map((path) => ({ name: path, value: valueAt(theirs, path) }));
      form.setFields(untouched as Parameters<typeof form.setFields>[0]);
      notifyWarning(t(paths.some(edited) ? "changedElsewhereKept" : "changedElsewhere"));
    }
    setBid(loaded);
  }, [bidQuery.data, bid, busy, form, t]);

  if (bidQuery.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!bid || !tender || !terms) return <Spin style={{ display: "block", margin: 48 }} />;

  const currency = tender.currency || regionCurrency;
  const lineItems = (tender.lineItemGroups ?? []).flatMap((group: any) => group.lineItems ?? []);
  const facts = {
    status: bid.status as BidState,
    vendorId: bid.companyId,
    tenderStatus: tender.status as TenderState,
    tenderManagedBy: tender.managedBy,
    closingAt: tender.closingAt,
    now: new Date(),
    declineReason: "reason",
  };
  const actions = bidWorkflow.actionsFrom(bid.status as BidState, facts, actor);
  const open = actions.includes("submit") || actions.includes("save");
  const display = bidDisplayStatus(
    { status: bid.status as BidState },
    { status: tender.status as TenderState, version: Number(tender.version ?? 0), addendumStatus: tender.addendumStatus },
  );
  const amended = Number(tender.version ?? 0) > 0;
  const unticked = unacceptedTerms(terms.items, values?.termsAccepted);

  const content = () => {
    const current = form.getFieldsValue(true) as BidValues;
    const tncInfo = Object.fromEntries(Object.entries(current.tncInfo ?? {}).filter(([, v]) => typeof v === "string" && v.trim()));
    const remarks = Object.fromEntries(Object.entries(current.remarks ?? {}).filter(([, v]) => typeof v === "string" && v.trim()));
    return {
      content: {
        ...(Object.keys(tncInfo).length ? { tncInfo } : {}),
        bidItemQtys: numbers(current.bidItemQtys),
        rates: numbers(current.rates),
        ...(Object.keys(remarks).length ? { remarks } : {}),
      },
      // Only ticks of this tender's terms: an acceptance given for an older version does not carry over.
      termsAccepted: (current.termsAccepted ?? []).filter((id) => terms.items.some((item) => item.id === id)),
    };
  };

  const save = async (quiet = false) => {
    const saved = await callMethod("bids", "save", { id: bid.id, updatedAt: bid.updatedAt, ...content() });
    setBid(saved);
    if (!quiet) notifySuccess(t("done.save"));
    return saved;
  };

  const run = async (action: string, work: () => Promise<unknown>) => {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      notifyError(`bids.${action}`, error);
    } finally {
      setBusy(null);
    }
  };

  const submit = () =>
    run("submit", async () => {
      await form.validateFields();
      const saved = await save(true);
      const submitted = await callMethod("bids", "submit", { id: bid.id, updatedAt: saved.updatedAt });
      setBid(submitted);
      notifySuccess(t("done.submit"));
    });

  const decline = () =>
    run("decline", async () => {
      const { reason } = await declineForm.validateFields();
      const declined = await callMethod("bids", "decline", { id: bid.id, updatedAt: bid.updatedAt, reason: reason.trim() });
      setBid(declined);
      setDeclining(false);
      notifySuccess(t("done.decline"));
    });

  return (
    <Space direction="vertical" style={{ width: "100%" }} size="middle">
      <Card
        title={
          <Space>
            <span>{t("titles.show")}</span>
            <Typography.Text type="secondary">{tender.prNumber}</Typography.Text>
            <Tag data-testid="bid-status">{t(`status.${display}`, { defaultValue: display })}</Tag>
            <TenderStatus status={tender.status} version={tender.version} />
          </Space>
        }
        extra={
          <Space wrap>
            <DocumentButton type="tender-summary" id={tender.id} prNumber={tender.prNumber} />
            <DocumentButton type="tender-bid" id={bid.id} prNumber={tender.prNumber} />
            {open && (
              <>
                {actions.includes("save") && (
                  <Button loading={busy === "save"} onClick={() => run("save", () => save())} data-testid="bid-save">
                    {t("actions.save")}
                  </Button>
                )}
                {actions.includes("decline") && (
                  <Button
                    danger
                    onClick={() => {
                      declineForm.resetFields();
                      setDeclining(true);
                    }}
                    data-testid="bid-decline"
                  >
                    {t("actions.decline")}
                  </Button>
                )}
                {actions.includes("submit") && (
                  <Button type="primary" loading={busy === "submit"} disabled={unticked.length > 0} onClick={submit} data-testid="bid-submit">
                    {t("actions.submit")}
                  </Button>
                )}
              </>
            )}
          </Space>
        }
      >
        <BidFacts tender={tender} currency={currency} />
        {!open && bid.status === "INVITED" && <Alert type="info" showIcon message={t("closed")} />}
        {open && display === "A-INVITED" && (
          <Alert type="warning" showIcon style={{ marginTop: 12 }} data-testid="addendum-notice" message={tr("vendorNotice", { version: tender.version })} />
        )}
      </Card>

      {tender.status === "AWARDED" && <VendorPurchases tenderId={tender.id} />}

      {bid.status === "SUBMITTED" && bid.receiptDigest && <BidReceipt bid={bid} />}
      {bid.status === "DECLINED" && (
        <div data-testid="bid-declined">
          <Alert type="warning" showIcon message={t("declined.title")} description={t("declined.reason", { reason: bid.declineReason })} />
        </div>
      )}

      {/* An answer moves the bid out of QUERY: read it again for its status. */}
      <BidQueries
        bid={bid}
        prNumber={tender.prNumber}
        onAnswered={() => void bidQuery.refetch().then((result) => result.data?.data && setBid(result.data.data))}
      />

      <Form form={form} layout="vertical" disabled={!open}>
        <BidTermsCard terms={terms} open={open} unticked={unticked} />
        <BidItemsCard lineItems={lineItems} currency={currency} values={values} amended={amended} />
      </Form>

      {amended && (
        <Card title={tr("tab")} size="small">
          <RevisionHistory tender={tender} />
        </Card>
      )}
      <Card
        title={t("sections.documents")}
        size="small"
        extra={
          <Space title={t("tenders:documents.notInEffectHint")}>
            <Switch
              size="small"
              checked={allDocuments}
              onChange={setAllDocuments}
              aria-label={t("tenders:documents.notInEffect")}
              data-testid="documents-not-in-effect"
            />
            <Typography.Text type="secondary">{t("tenders:documents.notInEffect")}</Typography.Text>
          </Space>
        }
      >
        <DocumentTable documents={documents.documents} testId="bid-documents" />
      </Card>

      <BidDeclineModal open={declining} form={declineForm} busy={busy === "decline"} onOk={decline} onCancel={() => setDeclining(false)} />
    </Space>
  );
}
