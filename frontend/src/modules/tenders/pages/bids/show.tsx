import { useEffect, useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Checkbox, Col, Descriptions, Form, Input, InputNumber, Modal, Row, Space, Spin, Switch, Table, Tag, Typography } from "antd";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import {
  bidDisplayStatus,
  bidTotal,
  bidWorkflow,
  declineReasonMaxLength,
  isRemovedItem,
  isValidDeclineReason,
  lineTotal,
  type BidState,
  type TenderState,
} from "../../components/rules";
import { AddendumLabel } from "../../components/AddendumLabel";
import { RevisionHistory } from "../../components/RevisionHistory";
import { callMethod, useTenderActor } from "../../components/api";
import { discountLabel, formatDateTime, formatMoney, unitLabel } from "../../components/format";
import { useRegionCurrency } from "../../../../components/settings/format";
import { notifyError, notifySuccess, notifyWarning } from "../../../../providers/notifications";
import { BidQueries } from "../../components/BidQueries";
import { VendorPurchases } from "../../components/purchases/VendorPurchases";
import { TenderStatus } from "../../components/TenderStatus";
import { useTenderTerms } from "../../components/TenderTerms";
import { DocumentTable, useTenderDocuments } from "../../components/TenderDocuments";
import { DocumentButton } from "../../components/DocumentButton";
import { unacceptedTerms } from "../../../../../../backend/src/modules/tenders/services/tender-terms/tender-terms.shared";
import { AmountInput } from "../../../../components/AmountInput";
import { BidReceipt } from "../../components/BidReceipt";

interface BidValues {
  /** The ids of the terms ticked: one checkbox per term, all unticked at the start (spec §5). */
  termsAccepted?: string[];
  tncInfo?: { name?: string; position?: string };
  bidItemQtys?: Record<string, number | null>;
  rates?: Record<string, number | null>;
  /** The vendor's optional remark per line item (max 255), by item id. */
  remarks?: Record<string, string | undefined>;
}

const numbers = (record: Record<string, number | null | undefined> = {}) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => typeof value === "number" && Number.isFinite(value) && value >= 0)) as Record<string, number>;

/** As the bids save schema: a remark of up to 255 characters per line item. */
const remarkMaxLength = 255;

const safe = (run: () => number) => {
  try {
    return run();
  } catch {
    return 0;
  }
};

/** The form's values as a bid on the server holds them. */
const valuesOf = (record: Record<string, any>): BidValues => {
  const content = record.content ?? {};
  return {
    termsAccepted: Array.isArray(record.termsAccepted) ? record.termsAccepted : [],
    tncInfo: content.tncInfo ?? {},
    bidItemQtys: content.bidItemQtys ?? {},
    rates: content.rates ?? {},
    remarks: content.remarks ?? {},
  };
};

type FieldPath = ["termsAccepted"] | ["tncInfo" | "bidItemQtys" | "rates" | "remarks", string];

/** Every field of the bid form that any of the versions holds: the ticks as one, each entry on its own. */
const fieldPaths = (...versions: BidValues[]): FieldPath[] => {
  const paths: FieldPath[] = [["termsAccepted"]];
  for (const group of ["tncInfo", "bidItemQtys", "rates", "remarks"] as const) {
    const keys = new Set(versions.flatMap((values) => Object.keys(values[group] ?? {})));
    keys.forEach((key) => paths.push([group, key]));
  }
  return paths;
};

const valueAt = (values: BidValues, path: FieldPath): unknown =>
  path.length === 1 ? values.termsAccepted : (values[path[0]] as Record<string, unknown> | undefined)?.[path[1]];

/** Equal as the bid stores them: an empty entry is no entry, and ticks have no order. */
const sameValue = (a: unknown, b: unknown) => {
  const normal = (value: unknown) =>
    Array.isArray(value) ? JSON.stringify([...value].sort()) : value === null || value === undefined || value === "" ? "" : JSON.stringify(value);
  return normal(a) === normal(b);
};

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
  const qtyOf = (item: any) => values?.bidItemQtys?.[item.id] ?? item.itemQty;
  const total = safe(() => bidTotal(lineItems, numbers(values?.bidItemQtys), numbers(values?.rates)));
  const amended = Number(tender.version ?? 0) > 0;
  // A line an addendum removed stays visible, struck through, and is not priced.
  const struck = (item: any, text: React.ReactNode) =>
    isRemovedItem(item) ? (
      <Typography.Text delete type="secondary">
        {text}
      </Typography.Text>
    ) : (
      text
    );
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
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t("fields.prNumber")}>{tender.prNumber}</Descriptions.Item>
          <Descriptions.Item label={t("fields.description")}>{tender.prDescription}</Descriptions.Item>
          <Descriptions.Item label={t("fields.closingAt")}>{formatDateTime(tender.closingAt)}</Descriptions.Item>
          <Descriptions.Item label={t("fields.validityDays")}>{tender.validityDays}</Descriptions.Item>
          {tender.general?.projectLocation && <Descriptions.Item label={t("fields.projectLocation")}>{tender.general.projectLocation}</Descriptions.Item>}
          {tender.general?.paymentTerms && <Descriptions.Item label={t("fields.paymentTerms")}>{tender.general.paymentTerms}</Descriptions.Item>}
          {tender.general?.conditionsOfContracts && (
            <Descriptions.Item label={t("fields.conditions")}>{t(`tenders:conditions.options.${tender.general.conditionsOfContracts}`)}</Descriptions.Item>
          )}
          {tender.scope?.generalDesc && (
            <Descriptions.Item label={t("fields.scope")} span={2}>
              {tender.scope.generalDesc}
            </Descriptions.Item>
          )}
          {(tender.general?.optionalItems ?? []).length > 0 && (
            <Descriptions.Item label={t("tenders:optionalItems.title")} span={2}>
              <ul data-testid="bid-optional-items" style={{ margin: 0, paddingLeft: 18 }}>
                {(tender.general.optionalItems as { name: string; value?: number | null; text?: string | null; selected?: boolean }[]).map((item, index) => (
                  <li key={index}>
                    {item.name}
                    {item.value != null && ` — ${formatMoney(item.value, currency)}`}
                    {item.text && ` (${item.text})`}
                    {item.selected && <Tag style={{ marginLeft: 8 }}>{t("tenders:optionalItems.selected")}</Tag>}
                  </li>
                ))}
              </ul>
            </Descriptions.Item>
          )}
        </Descriptions>
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
        <Card title={t("sections.terms")} size="small" style={{ marginBottom: 16 }}>
          <Form.Item
            name="termsAccepted"
            validateTrigger={[]}
            extra={open && unticked.length > 0 ? t("terms.remaining", { count: unticked.length }) : undefined}
            rules={[
              {
                validator: async (_, ticked: string[] | undefined) => {
                  if (unacceptedTerms(terms.items, ticked).length) throw new Error(t("validation.terms"));
                },
              },
            ]}
          >
            <Checkbox.Group style={{ width: "100%" }} data-testid="terms">
              <Space direction="vertical" style={{ width: "100%" }}>
                {terms.items.length === 0 && <Typography.Text type="secondary">{t("terms.none")}</Typography.Text>}
                {terms.items.map((item, index) => (
                  <Checkbox key={item.id} value={item.id} data-testid={`term-${item.id}`}>
                    <Typography.Text strong>{`${index + 1}. ${item.title}`}</Typography.Text>
                    <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{item.text}</Typography.Paragraph>
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
          {terms.version != null && <Typography.Paragraph type="secondary">{t("terms.version", { version: terms.version })}</Typography.Paragraph>}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name={["tncInfo", "name"]} label={t("fields.signatory")}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={["tncInfo", "position"]} label={t("fields.position")}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t("sections.items")} size="small">
          <Table
            size="small"
            rowKey="id"
            dataSource={lineItems}
            pagination={false}
            scroll={{ x: 1100 }}
            data-testid="bid-items"
            onRow={(item: any) => ({ "data-testid": `bid-item-${item.id}`, "data-label": item.addendumLabel ?? "" }) as React.HTMLAttributes<HTMLElement>}
          >
            {amended && <Table.Column<any> title={tr("labels.column")} width={90} render={(_, item) => <AddendumLabel label={item.addendumLabel} />} />}
            <Table.Column<any> dataIndex="itemNo" title={t("items.itemNo")} width={70} render={(value, item) => struck(item, value)} />
            <Table.Column<any>
              dataIndex="itemDesc"
              title={t("items.itemDesc")}
              render={(value, item) => (
                <>
                  <div style={{ whiteSpace: "pre-wrap" }}>{struck(item, value)}</div>
                  {item.remark && (
                    <Typography.Text type="secondary" style={{ whiteSpace: "pre-wrap" }}>
                      {item.remark}
                    </Typography.Text>
                  )}
                </>
              )}
            />
            <Table.Column<any> dataIndex="itemUnit" title={t("items.itemUnit")} width={100} render={(value, item) => struck(item, unitLabel(value))} />
            <Table.Column<any>
              title={t("items.itemQty")}
              width={120}
              render={(_, item) =>
                isRemovedItem(item) ? (
                  struck(item, item.itemQty)
                ) : (
                  <Form.Item name={["bidItemQtys", item.id]} noStyle>
                    <InputNumber
                      aria-label={`${t("items.itemQty")} ${item.itemNo ?? ""}`.trim()}
                      min={0}
                      placeholder={String(item.itemQty ?? "")}
                      style={{ width: "100%" }}
                      data-testid={`qty-${item.id}`}
                    />
                  </Form.Item>
                )
              }
            />
            <Table.Column<any>
              title={t("items.rate", { currency })}
              width={150}
              render={(_, item) =>
                isRemovedItem(item) ? (
                  <Typography.Text type="secondary">{tr("notBiddable")}</Typography.Text>
                ) : (
                  <Form.Item name={["rates", item.id]} noStyle>
                    <AmountInput
                      aria-label={`${t("items.rate", { currency })} ${item.itemNo ?? ""}`.trim()}
                      min={0}
                      precision={2}
                      style={{ width: "100%" }}
                      data-testid={`rate-${item.id}`}
                    />
                  </Form.Item>
                )
              }
            />
            <Table.Column<any>
              title={t("items.discount")}
              width={120}
              render={(_, item) => (item.discountType && item.discount != null ? `${item.discount} ${discountLabel(item.discountType, currency)}` : "")}
            />
            <Table.Column<any>
              title={t("items.remark")}
              width={200}
              render={(_, item) =>
                isRemovedItem(item) ? null : (
                  <Form.Item name={["remarks", item.id]} noStyle>
                    <Input.TextArea
                      aria-label={`${t("items.remark")} ${item.itemNo ?? ""}`.trim()}
                      autoSize={{ minRows: 1, maxRows: 4 }}
                      maxLength={remarkMaxLength}
                      data-testid={`remark-${item.id}`}
                    />
                  </Form.Item>
                )
              }
            />
            <Table.Column<any>
              title={t("items.lineTotal")}
              width={150}
              align="right"
              render={(_, item) => (
                <Typography.Text type={item.optional || item.forReference || isRemovedItem(item) ? "secondary" : undefined} delete={isRemovedItem(item)}>
                  {formatMoney(
                    isRemovedItem(item)
                      ? 0
                      : safe(() =>
                          lineTotal({ itemQty: qtyOf(item), rate: values?.rates?.[item.id], discountType: item.discountType ?? null, discount: item.discount }),
                        ),
                    currency,
                  )}
                  {item.optional ? ` (${t("items.optional")})` : ""}
                  {item.forReference ? ` (${t("items.forReference")})` : ""}
                </Typography.Text>
              )}
            />
          </Table>
          <div style={{ textAlign: "right", marginTop: 12 }}>
            <Typography.Text strong data-testid="bid-total">
              {t("items.total")}: {formatMoney(total, currency)}
            </Typography.Text>
          </div>
        </Card>
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

      <Modal
        open={declining}
        title={t("actions.decline")}
        okText={t("actions.decline")}
        cancelText={t("actions.cancel")}
        okButtonProps={{ danger: true }}
        confirmLoading={busy === "decline"}
        onOk={decline}
        onCancel={() => setDeclining(false)}
        destroyOnHidden
        forceRender
      >
        <Form form={declineForm} layout="vertical">
          <Form.Item
            name="reason"
            label={t("fields.declineReason")}
            validateTrigger="onBlur"
            rules={[
              {
                validator: async (_, value) => {
                  if (!isValidDeclineReason(value)) throw new Error(t("validation.declineReason", { max: declineReasonMaxLength }));
                },
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3 }} showCount maxLength={declineReasonMaxLength + 1} data-testid="decline-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
