import { DatePicker, Form, Input, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { moveKinds, moveProblems, type MoveKind } from "../../../../../backend/src/modules/tenancies/services/moves/moves.shared";
import { dateInputFormat } from "../../../components/format";
import { api } from "../../../providers/api";
import { RecordDialog, type TenancyRecordDialogProps } from "./RecordDialog";
import { useRecordDialog } from "../../../components/settings/useRecordDialog";

const day = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

/**
 * Adds or edits a move-in/out record (spec §3, §5): type (fixed once recorded), date, floor from
 * the building's ordered list, premises, business commencement or last trading date, remarks;
 * checked by the same rules as the server (moves.shared `moveProblems`).
 */
export function MoveForm({ tenancyId, floors, move, open, onClose }: TenancyRecordDialogProps & { move?: Record<string, any> }) {
  const { t } = useTranslation("moves");
  const { form, busy, send, version, conflict } = useRecordDialog({
    open,
    record: move,
    path: "moves",
    onClose,
    toForm: (stored) => ({ ...stored, date: dayjs(stored.date), businessDate: stored.businessDate ? dayjs(stored.businessDate) : null }),
  });
  const kind: MoveKind | undefined = Form.useWatch("kind", form);

  const values = () => {
    const raw = form.getFieldsValue();
    return {
      kind: raw.kind ?? move?.kind,
      date: day(raw.date) ?? "",
      floor: raw.floor,
      premises: raw.premises || null,
      remarks: raw.remarks ?? null,
      businessDate: day(raw.businessDate),
      handoverId: move?.handoverId ?? null,
    };
  };
  const rule = (problem: "REMARKS_OR_HANDOVER" | "BUSINESS_DATE") => ({
    validator: async () => {
      if (moveProblems(values()).includes(problem)) throw new Error(t(`validation.${problem}`));
    },
  });

  const save = async () => {
    await form.validateFields();
    const { kind: chosen, handoverId: _handover, ...fields } = values();
    if (move)
      await send(
        "moves.patch",
        () => api(`moves/${move.id}`, { method: "PATCH", body: { ...fields, updatedAt: version }, action: "moves.patch" }),
        t("done.saved"),
      );
    else
      await send(
        "moves.create",
        () => api("moves", { method: "POST", body: { ...fields, kind: chosen, tenancyId }, action: "moves.create" }),
        t("done.created"),
      );
  };

  const shownKind = kind ?? move?.kind;
  return (
    <RecordDialog namespace="moves" editing={Boolean(move)} open={open} busy={busy} onSave={save} onClose={onClose} conflict={conflict} form={form}>
      <Form form={form} layout="vertical" data-testid="move-form">
        <Form.Item name="kind" label={t("fields.kind")} rules={[{ required: !move, message: t("validation.kindRequired") }]}>
          <Select disabled={Boolean(move)} options={moveKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))} aria-label={t("fields.kind")} />
        </Form.Item>
        <Form.Item name="date" label={t("fields.date")} rules={[{ required: true, message: t("validation.dateRequired") }]}>
          <DatePicker format={dateInputFormat()} aria-label={t("fields.date")} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="floor" label={t("fields.floor")} rules={[{ required: true, message: t("validation.floorRequired") }]}>
          <Select showSearch options={floors.map((floor) => ({ value: floor, label: floor }))} aria-label={t("fields.floor")} />
        </Form.Item>
        <Form.Item name="premises" label={t("fields.premises")}>
          <Input maxLength={255} />
        </Form.Item>
        {shownKind && shownKind !== "TEMPORARY_CLOSE" && (
          <Form.Item
            name="businessDate"
            label={t(shownKind === "MOVE_IN" ? "fields.commencementDate" : "fields.lastTradingDate")}
            dependencies={["date"]}
            rules={[rule("BUSINESS_DATE")]}
          >
            <DatePicker
              format={dateInputFormat()}
              aria-label={t(shownKind === "MOVE_IN" ? "fields.commencementDate" : "fields.lastTradingDate")}
              style={{ width: "100%" }}
            />
          </Form.Item>
        )}
        <Form.Item name="remarks" label={t("fields.remarks")} extra={t("help.remarks")} rules={[rule("REMARKS_OR_HANDOVER")]}>
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
      </Form>
    </RecordDialog>
  );
}
