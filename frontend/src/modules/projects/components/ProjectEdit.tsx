import { useCallback, useState } from "react";
import { Button, DatePicker, Form, Input, Modal, Switch } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../../components/AmountInput";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { EditConflictView, recordNames } from "../../../components/settings/EditConflictView";
import { useDialogConflict } from "../../../components/settings/useDialogConflict";
import { dateInputFormat } from "../../../components/format";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { toCents } from "../../../../../backend/src/format/format.shared";

interface EditValues {
  type?: string | null;
  projectLocation?: string | null;
  buildingIds?: number[];
  deduction?: number | null;
  deductionReason?: string | null;
  retentionPercent?: number | null;
  actualCommencementDate?: Dayjs | null;
  actualCompletionDate?: Dayjs | null;
  dlpDate?: Dayjs | null;
  onHold?: boolean;
}

/** The project as the form holds it. */
const toForm = (record: Record<string, any>): Record<string, unknown> => ({
  type: record.type,
  projectLocation: record.projectLocation,
  buildingIds: record.buildingIds ?? [],
  deduction: Number(record.deductionCents ?? 0) / 100,
  deductionReason: record.deductionReason,
  retentionPercent: record.retentionPercent,
  actualCommencementDate: day(record.actualCommencementDate),
  actualCompletionDate: day(record.actualCompletionDate),
  dlpDate: day(record.dlpDate),
  onHold: record.onHold,
});

function day(value: unknown) {
  return value ? dayjs(String(value).slice(0, 10)) : null;
}
const iso = (value: Dayjs | null | undefined) => (value ? value.format("YYYY-MM-DD") : null);

/** At most 2 decimals (spec §9 "money amounts have at most 2 decimals"). */
const twoDecimals = (value: unknown) => value === null || value === undefined || value === "" || /^\d+(\.\d{1,2})?$/.test(String(value));

/**
 * The project's details staff keep up to date (spec §3, §5): type, location, buildings, the
 * deduction with its reason, retention percent, the actual dates and the defects liability date,
 * on hold. The rules are the server's, checked as each field is left. A save someone else's
 * overtook keeps the typing and offers what they changed, field by field (EditConflictView).
 */
export function ProjectEdit({ record, onDone }: { record: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("projects");
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<EditValues>();
  const total = Number(record.totalAmountCents ?? 0);
  const read = useCallback(() => api<Record<string, any>>(`projects/${record.id}`), [record.id]);
  const { conflict, version, start, recover } = useDialogConflict({ form, toForm, read });
  const openEditor = () => {
    start(record);
    setOpen(true);
  };
  const save = async (values: EditValues) => {
    setSaving(true);
    try {
      await api(`projects/${record.id}`, {
        method: "PATCH",
        action: "projects.patch",
        body: {
          type: values.type?.trim() || null,
          projectLocation: values.projectLocation?.trim() || null,
          buildingIds: values.buildingIds ?? [],
          deductionCents: Number(toCents(values.deduction ?? 0) ?? 0n),
          deductionReason: values.deductionReason?.trim() || null,
          retentionPercent: String(values.retentionPercent ?? 0),
          actualCommencementDate: iso(values.actualCommencementDate),
          actualCompletionDate: iso(values.actualCompletionDate),
          dlpDate: iso(values.dlpDate),
          onHold: Boolean(values.onHold),
          updatedAt: version,
        },
      });
      notifySuccess(t("done.saved"));
      setOpen(false);
      onDone();
    } catch (error) {
      if (!(await recover(error))) notifyError("projects.patch", error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button onClick={openEditor} data-testid="project-edit">
        {t("actions.edit")}
      </Button>
      <Modal
        open={open}
        title={t("titles.edit")}
        okText={t("actions.save")}
        cancelText={t("actions.back")}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={conflict ? 720 : undefined}
      >
        <EditConflictView conflict={conflict} form={form} ns="projects" display={{ buildingIds: recordNames("buildings") }} />
        <Form<EditValues> form={form} layout="vertical" validateTrigger="onBlur" preserve={false} onFinish={save} initialValues={toForm(record)}>
          <Form.Item name="type" label={t("fields.type")} rules={[{ max: 64 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="projectLocation" label={t("fields.projectLocation")} rules={[{ max: 500 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="buildingIds" label={t("fields.buildingIds")}>
            <RecordSelect resource="buildings" searchField="code" mode="multiple" label={(building) => String(building.code)} />
          </Form.Item>
          <Form.Item
            name="deduction"
            label={t("fields.deduction")}
            rules={[
              { validator: async (_rule, value) => (twoDecimals(value) ? undefined : Promise.reject(new Error(t("rules.twoDecimals")))) },
              { validator: async (_rule, value) => (Number(value ?? 0) * 100 <= total ? undefined : Promise.reject(new Error(t("rules.deductionTooHigh")))) },
            ]}
          >
            <AmountInput min={0} style={{ width: "100%" }} data-testid="deduction-input" />
          </Form.Item>
          <Form.Item
            name="deductionReason"
            label={t("fields.deductionReason")}
            dependencies={["deduction"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value) =>
                  Number(getFieldValue("deduction") ?? 0) > 0 && !String(value ?? "").trim()
                    ? Promise.reject(new Error(t("rules.deductionReason")))
                    : undefined,
              }),
            ]}
          >
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
          <Form.Item
            name="retentionPercent"
            label={t("fields.retentionPercent")}
            rules={[
              {
                validator: async (_rule, value) =>
                  twoDecimals(value) && Number(value ?? 0) >= 0 && Number(value ?? 0) <= 100 ? undefined : Promise.reject(new Error(t("rules.percent"))),
              },
            ]}
          >
            <AmountInput min={0} max={100} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="actualCommencementDate" label={t("fields.actualCommencementDate")}>
            <DatePicker format={dateInputFormat()} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item
            name="actualCompletionDate"
            label={t("fields.actualCompletionDate")}
            dependencies={["actualCommencementDate"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null) => {
                  const start: Dayjs | null = getFieldValue("actualCommencementDate");
                  if (value && start && value.isBefore(start, "day")) throw new Error(t("rules.completionBeforeCommencement"));
                },
              }),
            ]}
          >
            <DatePicker format={dateInputFormat()} style={{ width: "100%" }} data-testid="completion-date" />
          </Form.Item>
          <Form.Item name="dlpDate" label={t("fields.dlpDate")}>
            <DatePicker format={dateInputFormat()} style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item name="onHold" label={t("fields.onHold")} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
