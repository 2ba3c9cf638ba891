import { useCallback, useEffect, useRef, useState } from "react";
import { Alert, Descriptions, Form, Input, InputNumber, Modal, Select } from "antd";
import { RadioGroup } from "../../../../components/RadioGroup";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../../providers/api";
import { catalogueMessage, notifySuccess } from "../../../../providers/notifications";
import { formatMoney } from "../format";
import { purchaseResource, type PurchaseKind, type PurchaseRow } from "./PurchaseList";
import { AmountInput } from "../../../../components/AmountInput";
import { EditConflictView } from "../../../../components/settings/EditConflictView";
import { useDialogConflict } from "../../../../components/settings/useDialogConflict";

/** Spec §5: a purchase order number has at least 5 characters (the server says PO_TOO_SHORT too). */
export const PO_MIN_LENGTH = 5;

/**
 * What the form does: raise a new number, raise the next revision of a contract already raised,
 * or correct (`edit`) a record already raised, from the version the list shows.
 */
export type PurchaseDraft = {
  kind: PurchaseKind;
  revisionOf?: { number: string; revisionNum: number; currency: string; retentionPercent: number; deduction: number };
  edit?: PurchaseRow;
};

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

/** A raised record as the form holds it. */
const recordForm = (record: PurchaseRow): Record<string, unknown> => ({
  kind: record.kind,
  number: record.number,
  amount: Number(record.amount),
  retentionPercent: Number(record.retentionPercent),
  deduction: Number(record.deduction),
  currency: record.currency,
});

/** What the check said, and of which number: a note of an earlier number is never shown for the next one. */
type NumberNote = { number: string; status: "error" | "success" | "warning" | "validating"; text: string } | null;

/** A pause in typing long enough to ask the server about the number without waiting for the blur. */
const CHECK_PAUSE_MS = 600;

/**
 * Raises a purchase order or a contract (revision) for an awarded tender: vendor and site are the
 * award's (read-only), the amount starts at the final amount, the number is checked on leaving the
 * field (length, is-used, is-awarded). A refusal of the server shows in the form, values kept.
 * A correction keeps the number type; it saves with the version it was read at, so a record
 * changed meanwhile by another user is refused (410): the form keeps the values typed and offers
 * what the other save changed, field by field (EditConflictView), to save on the new version.
 */
export function PurchaseForm({ draft, award, onClose }: { draft: PurchaseDraft | null; award: AwardFacts; onClose: () => void }) {
  const { t } = useTranslation("purchases");
  const [form] = Form.useForm<Values>();
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [note, setNote] = useState<NumberNote>(null);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const kind = (Form.useWatch("kind", form) ?? draft?.kind ?? "PO") as PurchaseKind;
  const typedNumber = String(Form.useWatch("number", form) ?? "").trim();
  const shownNote = note && note.number === typedNumber ? note : null;
  const revision = draft?.revisionOf;
  const edit = draft?.edit;
  const revisionNum = edit ? Number(edit.revisionNum ?? 0) : revision ? revision.revisionNum + 1 : 0;
  // A contract's revisions share its number: a correction of one revision cannot rename it.
  const numberFixed = Boolean(revision) || edit?.kind === "CONTRACT";
  const editId = edit?.id;
  const editKind = edit?.kind;
  // The record as its service answers it; the kind is the list's (a service holds one kind).
  const read = useCallback(
    () => api<PurchaseRow>(`${purchaseResource(editKind ?? "PO")}/${editId}`).then((record) => ({ ...record, kind: editKind ?? record.kind })),
    [editKind, editId],
  );
  const { conflict, version, start, recover } = useDialogConflict<PurchaseRow>({ form, toForm: recordForm, read });

  useEffect(() => {
    if (!draft) return;
    setNote(null);
    setFailure(null);
    form.resetFields();
    start(edit);
    form.setFieldsValue(
      edit
        ? (recordForm(edit) as Partial<Values>)
        : {
            kind: draft.kind,
            number: revision?.number ?? "",
            amount: award.finalAmount,
            retentionPercent: revision?.retentionPercent ?? 0,
            deduction: revision?.deduction ?? 0,
            ...(revision ? { currency: revision.currency } : {}),
          },
    );
  }, [draft, award.finalAmount, form, revision, edit, start]);

  // The currencies of the kind: the region's first, which is the default of a new record.
  useEffect(() => {
    if (!draft) return;
    let live = true;
    api<string[]>("purchase-currencies", { query: { kind } }).then(
      (codes) => {
        if (!live) return;
        setCurrencies(codes);
        if (!form.getFieldValue("currency") && codes[0]) form.setFieldValue("currency", codes[0]);
      },
      () => live && setCurrencies([]),
    );
    return () => {
      live = false;
    };
  }, [draft, kind, form]);

  /**
   * On leaving the number, or on a pause in typing: the length rule of a PO, then what the server
   * knows of the number. Each number is asked once; an answer for a number no longer typed is dropped.
   */
  const asked = useRef<string | null>(null);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pause.current), []);
  const checkNumber = async () => {
    clearTimeout(pause.current);
    const number = String(form.getFieldValue("number") ?? "").trim();
    if (!number || numberFixed || asked.current === number) return;
    asked.current = number;
    // The record's own number (in any case) is not "used" by another.
    if (edit && edit.number.toLowerCase() === number.toLowerCase()) return;
    if (kind === "PO" && number.length < PO_MIN_LENGTH) {
      setNote({ number, status: "error", text: t("checks.tooShort", { min: PO_MIN_LENGTH }) });
      return;
    }
    setNote({ number, status: "validating", text: t("checks.checking") });
    const current = () => String(form.getFieldValue("number") ?? "").trim() === number;
    try {
      const answer = await api<{ isUsed: boolean; isAwarded: boolean }>("purchase-checks", { query: { kind, number } });
      if (!current()) return;
      if (answer.isAwarded) setNote({ number, status: "error", text: t("checks.awarded") });
      else if (answer.isUsed) setNote({ number, status: "error", text: t("checks.used") });
      else setNote({ number, status: "success", text: t("checks.free") });
    } catch {
      // The check is advice (the server decides on saving), but the user is told it was not made.
      asked.current = null;
      if (current()) setNote({ number, status: "warning", text: t("checks.unavailable") });
    }
  };
  const numberChanged = () => {
    setNote(null);
    asked.current = null;
    clearTimeout(pause.current);
    pause.current = setTimeout(() => void checkNumber(), CHECK_PAUSE_MS);
  };

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setFailure(null);
    const resource = purchaseResource(values.kind);
    const action = edit ? `${resource}.update` : `${resource}.create`;
    const figures = {
      number: values.number.trim(),
      currency: values.currency,
      amount: values.amount,
      retentionPercent: values.retentionPercent ?? 0,
      deduction: values.deduction ?? 0,
    };
    try {
      if (edit) {
        await api(`${resource}/${edit.id}`, { method: "PATCH", action, body: { updatedAt: version, ...figures } });
        notifySuccess(t("done.edited", { number: figures.number }));
      } else {
        await api(resource, {
          method: "POST",
          action,
          body: {
            ...figures,
            tenderId: award.tenderId,
            companyId: award.companyId,
            siteId: award.siteId,
            ...(values.kind === "CONTRACT" ? { revisionNum } : {}),
          },
        });
        notifySuccess(t(values.kind === "PO" ? "done.PO" : "done.CONTRACT", { number: figures.number, revision: revisionNum }));
      }
      onClose();
    } catch (error) {
      if (await recover(error)) return;
      const detail = isApiError(error) ? error.serverMessage : undefined;
      const message = catalogueMessage(action, error);
      setFailure({ message, detail: detail && detail !== message ? detail : undefined });
    } finally {
      setSaving(false);
    }
  };

  const money = (value: unknown) => formatMoney(Number(value ?? 0), form.getFieldValue("currency") ?? "");
  const title = edit
    ? edit.kind === "PO"
      ? t("form.editPoTitle", { number: edit.number })
      : t("form.editContractTitle", { number: edit.number, revision: revisionNum })
    : revision
      ? t("form.revisionTitle", { number: revision.number, revision: revisionNum })
      : t(kind === "PO" ? "form.poTitle" : "form.contractTitle");
  return (
    <Modal
      open={Boolean(draft)}
      title={title}
      onCancel={onClose}
      onOk={save}
      okText={t("form.save")}
      cancelText={t("form.cancel")}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
      okButtonProps={{ "data-testid": "purchase-save" } as never}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="purchase-award">
        <Descriptions.Item label={t("fields.vendor")}>{award.vendorName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.site")}>{award.siteName}</Descriptions.Item>
        <Descriptions.Item label={t("fields.finalAmount")}>{formatMoney(award.finalAmount, form.getFieldValue("currency") ?? "")}</Descriptions.Item>
      </Descriptions>
      <EditConflictView
        conflict={conflict}
        form={form}
        ns="purchases"
        display={{ amount: money, deduction: money, retentionPercent: (value) => `${Number(value ?? 0)}%` }}
        onSave={() => void save().catch(() => undefined)}
      />
      {failure && (
        <Alert type="error" showIcon message={failure.message} description={failure.detail} style={{ marginBottom: 16 }} data-testid="purchase-error" />
      )}
      <Form form={form} layout="vertical" disabled={saving}>
        <Form.Item name="kind" label={t("fields.numberType")} rules={[{ required: true }]}>
          <RadioGroup
            disabled={Boolean(revision || edit)}
            onChange={() => {
              setNote(null);
              asked.current = null;
            }}
            options={(["PO", "CONTRACT"] as const).map((value) => ({ value, label: t(`numberTypes.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="number"
          label={revision || edit?.kind === "CONTRACT" ? t("fields.numberRevision", { revision: revisionNum }) : t("fields.number")}
          rules={[{ required: true, whitespace: true, message: t("checks.required") }]}
          validateStatus={shownNote?.status}
          help={shownNote?.text}
        >
          <Input maxLength={64} readOnly={numberFixed} onBlur={checkNumber} onChange={numberChanged} data-testid="purchase-number" />
        </Form.Item>
        <Form.Item name="currency" label={t("fields.currency")} rules={[{ required: true }]}>
          <Select options={currencies.map((code) => ({ value: code, label: code }))} data-testid="purchase-currency" />
        </Form.Item>
        <Form.Item name="amount" label={t("fields.amount")} extra={t("form.amountHelp")} rules={[{ required: true, message: t("checks.required") }]}>
          <AmountInput min={0} precision={2} style={{ width: "100%" }} data-testid="purchase-amount" />
        </Form.Item>
        <Form.Item name="retentionPercent" label={t("fields.retentionPercent")}>
          <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: "100%" }} data-testid="purchase-retention" />
        </Form.Item>
        <Form.Item
          name="deduction"
          label={t("fields.deduction")}
          dependencies={["amount"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                Number(value ?? 0) > Number(getFieldValue("amount") ?? 0) ? Promise.reject(new Error(t("checks.deductionAbove"))) : Promise.resolve(),
            }),
          ]}
        >
          <AmountInput min={0} precision={2} style={{ width: "100%" }} data-testid="purchase-deduction" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
