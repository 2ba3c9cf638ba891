import { useEffect, useState } from "react";
import { Checkbox, DatePicker, Form, InputNumber, Modal, Select } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import {
  assessmentSections,
  greenProblems,
  validityMonthsMax,
} from "../../../../../backend/src/modules/tenancies/services/green-operations/green-operations.shared";
import { dateInputFormat } from "../../../components/format";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";

/** Adds or edits a green operation record (spec §3, §5: the validity period is required, checked as the server checks it). */
export function GreenOperationForm({
  tenancyId,
  floors,
  record,
  open,
  onClose,
}: {
  tenancyId: number;
  floors: string[];
  record?: Record<string, any>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("green-operations");
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue({ ...record, startDate: dayjs(record.startDate), month: record.month ? dayjs(`${record.month}-01`) : null });
  }, [open, record, form]);

  const save = async () => {
    const values = await form.validateFields();
    const body = {
      startDate: values.startDate.format("YYYY-MM-DD"),
      validityMonths: values.validityMonths,
      floor: values.floor ?? null,
      month: values.month ? values.month.format("YYYY-MM") : null,
      reading: values.reading ?? null,
      assessment: values.assessment ?? [],
      recognitionCount: values.recognitionCount ?? 0,
    };
    setBusy(true);
    try {
      if (record)
        await api(`green-operations/${record.id}`, { method: "PATCH", body: { ...body, updatedAt: record.updatedAt }, action: "green-operations.patch" });
      else await api("green-operations", { method: "POST", body: { ...body, tenancyId }, action: "green-operations.create" });
      notifySuccess(t(record ? "done.saved" : "done.created"));
      onClose();
    } catch (error) {
      notifyError(record ? "green-operations.patch" : "green-operations.create", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(record ? "editTitle" : "addTitle")}
      okText={t("actions.save")}
      cancelText={t("actions.cancel")}
      onOk={save}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="green-form" initialValues={{ recognitionCount: 0 }}>
        <Form.Item name="startDate" label={t("fields.startDate")} rules={[{ required: true, message: t("validation.startRequired") }]}>
          <DatePicker format={dateInputFormat()} aria-label={t("fields.startDate")} style={{ width: "100%" }} />
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
          <InputNumber min={1} max={validityMonthsMax} precision={0} aria-label={t("fields.validityMonths")} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="floor" label={t("fields.floor")}>
          <Select allowClear showSearch aria-label={t("fields.floor")} options={floors.map((floor) => ({ value: floor, label: floor }))} />
        </Form.Item>
        <Form.Item name="month" label={t("fields.month")}>
          <DatePicker picker="month" aria-label={t("fields.month")} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="reading" label={t("fields.reading")}>
          <InputNumber min={0} precision={2} aria-label={t("fields.reading")} style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item name="assessment" label={t("fields.assessment")}>
          <Checkbox.Group options={assessmentSections.map((value) => ({ value, label: t(`sections.${value}`) }))} />
        </Form.Item>
        <Form.Item name="recognitionCount" label={t("fields.recognitionCount")}>
          <InputNumber min={0} max={1000} precision={0} aria-label={t("fields.recognitionCount")} style={{ width: "100%" }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
