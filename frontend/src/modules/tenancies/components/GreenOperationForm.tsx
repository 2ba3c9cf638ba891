import { Checkbox, DatePicker, Form, InputNumber, Select } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import {
  assessmentSections,
  greenProblems,
  validityMonthsMax,
} from "../../../../../backend/src/modules/tenancies/services/green-operations/green-operations.shared";
import { dateInputFormat } from "../../../components/format";
import { subject } from "@casl/ability";
import { api } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { RecordDialog, type TenancyRecordDialogProps } from "./RecordDialog";
import { useRecordDialog } from "../../../components/settings/useRecordDialog";

/** Adds or edits a green operation record (spec §3, §5: the validity period is required, checked as the server checks it). */
export function GreenOperationForm({ tenancyId, floors, record, open, onClose }: TenancyRecordDialogProps & { record?: Record<string, any> }) {
  const { t } = useTranslation("green-operations");
  const { form, busy, send, version, conflict } = useRecordDialog({
    open,
    record,
    path: "green-operations",
    onClose,
    toForm: (stored) => ({ ...stored, startDate: dayjs(stored.startDate), month: stored.month ? dayjs(`${stored.month}-01`) : null }),
  });

  // The fields this caller may write on this record (a tenant: what it reports; staff: all), as the server checks them.
  const writable = (field: string) => !record || currentAbility().can("update", subject("green-operations", { ...record }) as any, field);
  const save = async () => {
    const values = await form.validateFields();
    const all = {
      startDate: values.startDate.format("YYYY-MM-DD"),
      validityMonths: values.validityMonths,
      floor: values.floor ?? null,
      month: values.month ? values.month.format("YYYY-MM") : null,
      reading: values.reading ?? null,
      assessment: values.assessment ?? [],
      recognitionCount: values.recognitionCount ?? 0,
    };
    const body = Object.fromEntries(Object.entries(all).filter(([field]) => writable(field)));
    if (record)
      await send(
        "green-operations.patch",
        () => api(`green-operations/${record.id}`, { method: "PATCH", body: { ...body, updatedAt: version }, action: "green-operations.patch" }),
        t("done.saved"),
      );
    else
      await send(
        "green-operations.create",
        () => api("green-operations", { method: "POST", body: { ...body, tenancyId }, action: "green-operations.create" }),
        t("done.created"),
      );
  };

  return (
    <RecordDialog
      namespace="green-operations"
      editing={Boolean(record)}
      open={open}
      busy={busy}
      onSave={save}
      onClose={onClose}
      conflict={conflict}
      form={form}
    >
      <Form form={form} layout="vertical" data-testid="green-form" initialValues={{ recognitionCount: 0 }}>
        <Form.Item name="startDate" label={t("fields.startDate")} rules={[{ required: true, message: t("validation.startRequired") }]}>
          <DatePicker disabled={!writable("startDate")} format={dateInputFormat()} aria-label={t("fields.startDate")} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item
          name="validityMonths"
          label={t("fields.validityMonths")}
          required
          rules={[
            {
              validator: async (_, value) => {
                if (greenProblems({ validityMonths: value ?? null }).includes("VALIDITY")) throw new Error(t("validation.validityRequired"));
              },
            },
          ]}
        >
          <InputNumber
            disabled={!writable("validityMonths")}
            min={1}
            max={validityMonthsMax}
            precision={0}
            aria-label={t("fields.validityMonths")}
            style={{ width: "100%" }}
          />
        </Form.Item>
        <Form.Item name="floor" label={t("fields.floor")}>
          <Select
            disabled={!writable("floor")}
            allowClear
            showSearch
            aria-label={t("fields.floor")}
            options={floors.map((floor) => ({ value: floor, label: floor }))}
          />
        </Form.Item>
        <Form.Item name="month" label={t("fields.month")}>
          <DatePicker disabled={!writable("month")} picker="month" aria-label={t("fields.month")} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="reading" label={t("fields.reading")}>
          <InputNumber disabled={!writable("reading")} min={0} precision={2} aria-label={t("fields.reading")} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="assessment" label={t("fields.assessment")}>
          <Checkbox.Group disabled={!writable("assessment")} options={assessmentSections.map((value) => ({ value, label: t(`sections.${value}`) }))} />
        </Form.Item>
        <Form.Item name="recognitionCount" label={t("fields.recognitionCount")}>
          <InputNumber
            disabled={!writable("recognitionCount")}
            min={0}
            max={1000}
            precision={0}
            aria-label={t("fields.recognitionCount")}
            style={{ width: "100%" }}
          />
        </Form.Item>
      </Form>
    </RecordDialog>
  );
}
