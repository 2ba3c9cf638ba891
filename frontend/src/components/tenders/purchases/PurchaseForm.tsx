import { useEffect, useState } from "react";
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../providers/api";
import { catalogueMessage, notifySuccess } from "../../../providers/notifications";
import { formatMoney } from "../format";
import { purchaseResource, type PurchaseKind } from "./PurchaseList";

/** Spec §5: a purchase order number has at least 5 characters (the server says PO_TOO_SHORT too). */
export const PO_MIN_LENGTH = 5;

/** What the form raises: a new number, or the next revision of a contract already raised. */
export type PurchaseDraft = { kind: PurchaseKind; revisionOf?: { number: string; revisionNum: number; currency: string; retentionPercent: number; deduction: number } };

export interface AwardFacts {
  tenderId: string;
  companyId: number;
  vendorName: string;
  siteId: number;
  siteName: string;
  /** The awarded bid's final amount, in the tender's figures (cents / 100). */
  finalAmount: number;
}

interface Values {
  kind: PurchaseKind;
  number: string;
  currency: string;
  amount: number;
  retentionPercent: number;
  deduction: number;
}

type NumberNote = { status: "error" | "success"; text: string } | null;

/**
 * Raises a purchase order or a contract (revision) for an awarded tender: vendor and site are the
 * award's (read-only), the amount starts at the final amount, the number is checked on leaving the
 * field (length, is-used, is-awarded). A refusal of the server shows in the form, values kept.
 */
export function PurchaseForm({ draft, award, onClose }: { draft: PurchaseDraft | null; award: AwardFacts; onClose: () => void }) {
  const { t } = useTranslation("purchases");
  const [form] = Form.useForm<Values>();
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [note, setNote] = useState<NumberNote>(null);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = (Form.useWatch("kind", form) ?? draft?.kind ?? "PO") as PurchaseKind;
  const revision = draft?.revisionOf;
  const revisionNum = revision ? revision.revisionNum + 1 : 0;

  useEffect(() => {
    if (!draft) return;
    setNote(null);
    setFailure(null);
    form.resetFields();
    form.setFieldsValue({
      kind: draft.kind,
      number: revision?.number ?? "",
      amount: award.finalAmount,
      retentionPercent: revision?.retentionPercent ?? 0,
      deduction: revision?.deduction ?? 0,
      ...(revision ? { currency: revision.currency } : {}),
    });
  }, [draft, award.finalAmount, form, revision]);

  // The currencies of the kind: the region's first, which is the default of a new record.
  useEffect(() => {
    if (!draft) return;
    let live = true;
    api<string[]>("purchase-currencies", { query: { kind } }).then((codes) => {
      if (!live) return;
      setCurrencies(codes);
      if (!form.getFieldValue("currency") && codes[0]) form.setFieldValue("currency", codes[0]);
    }, () => live && setCurrencies([]));
    return () => { live = false; };
  }, [draft, kind, form]);

  /** On leaving the number: the length rule of a PO, then what the server knows of the number. */
  const checkNumber = async () => {
    const number = String(form.getFieldValue("number") ?? "").trim();
    setNote(null);
    if (!number || revision) return;
    if (kind === "PO" && number.length < PO_MIN_LENGTH) {
      setNote({ status: "error", text: t("checks.tooShort", { min: PO_MIN_LENGTH }) });
      return;
    }
    try {
      const answer = await api<{ isUsed: boolean; isAwarded: boolean }>("purchase-checks", { query: { kind, number } });
      if (String(form.getFieldValue("number") ?? "").trim() !== number) return;
      if (answer.isAwarded) setNote({ status: "error", text: t("checks.awarded") });
      else if (answer.isUsed) setNote({ status: "error", text: t("checks.used") });
      else setNote({ status: "success", text: t("checks.free") });
    } catch {
      setNote(null); // the check is advice: the server decides on saving
    }
  };

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setFailure(null);
    const resource = purchaseResource(values.kind);
    try {
      await api(resource, {
        method: "POST",
        action: `${resource}.create`,
        body: {
          number: values.number.trim(),
          tenderId: award.tenderId,
          companyId: award.companyId,
          siteId: award.siteId,
          currency: values.currency,
          amount: values.amount,
          retentionPercent: values.retentionPercent ?? 0,
          deduction: values.deduction ?? 0,
          ...(values.kind === "CONTRACT" ? { revisionNum } : {}),
        },
      });
      notifySuccess(t(values.kind === "PO" ? "done.PO" : "done.CONTRACT", { number: values.number.trim(), revision: revisionNum }));
      onClose();
    } catch (error) {
      const detail = isApiError(error) ? error.serverMessage : undefined;
      const message = catalogueMessage(`${resource}.create`, error);
      setFailure({ message, detail: detail && detail !== message ? detail : undefined });
    } finally {
      setSaving(false);
    }
  };

  const title = revision ? t("form.revisionTitle", { number: revision.number, revision: revisionNum }) : t(kind === "PO" ? "form.poTitle" : "form.contractTitle");
  return (
    <Modal open={Boolean(draft)} title={title} onCancel={onClose} onOk={save} okText={t("form.save")} cancelText={t("form.cancel")} confirmLoading={saving} destroyOnHidden width={640} okButtonProps={{ "data-testid": "purchase-save" } as never}>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="purchase-award">
        <Descriptions.Item label={t("fields.vendor")}>{award.vendorName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.site")}>{award.siteName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.finalAmount")}>{formatMoney(award.finalAmount, form.getFieldValue("currency") ?? "")}</Descriptions.Item>
      </Descriptions>
      {failure && <Alert type="error" showIcon message={failure.message} description={failure.detail} style={{ marginBottom: 16 }} data-testid="purchase-error" />}
      <Form form={form} layout="vertical" disabled={saving}>
        <Form.Item name="kind" label={t("fields.numberType")} rules={[{ required: true }]}>
          <Radio.Group disabled={Boolean(revision)} onChange={() => setNote(null)} options={(["PO", "CONTRACT"] as const).map((value) => ({ value, label: t(`numberTypes.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name="number"
          label={revision ? t("fields.numberRevision", { revision: revisionNum }) : t("fields.number")}
          rules={[{ required: true, whitespace: true, message: t("checks.required") }]}
          validateStatus={note?.status}
          help={note?.text}
        >
          <Input maxLength={64} readOnly={Boolean(revision)} onBlur={checkNumber} onChange={() => setNote(null)} data-testid="purchase-number" />
        </Form.Item>
        <Form.Item name="currency" label={t("fields.currency")} rules={[{ required: true }]}>
          <Select options={currencies.map((code) => ({ value: code, label: code }))} data-testid="purchase-currency" />
        </Form.Item>
        <Form.Item name="amount" label={t("fields.amount")} extra={t("form.amountHelp")} rules={[{ required: true, message: t("checks.required") }]}>
          <InputNumber min={0} precision={2} style={{ width: "100%" }} data-testid="purchase-amount" />
        </Form.Item>
        <Form.Item name="retentionPercent" label={t("fields.retentionPercent")}>
          <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: "100%" }} data-testid="purchase-retention" />
        </Form.Item>
        <Form.Item
          name="deduction"
          label={t("fields.deduction")}
          dependencies={["amount"]}
          rules={[({ getFieldValue }) => ({
            validator: (_, value) => (Number(value ?? 0) > Number(getFieldValue("amount") ?? 0) ? Promise.reject(new Error(t("checks.deductionAbove"))) : Promise.resolve()),
          })]}
        >
          <InputNumber min={0} precision={2} style={{ width: "100%" }} data-testid="purchase-deduction" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
