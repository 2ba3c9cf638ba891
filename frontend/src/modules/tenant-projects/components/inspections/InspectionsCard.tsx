import { useState } from "react";
import { useList } from "@refinedev/core";
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import dayjs, { type Dayjs } from "dayjs";
import { dateInputFormat, formatDateTime } from "../../../../components/format";
import {
  inspectionLimits,
  inspectionTypes,
  tenantProjectInspectionsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-project-inspections/inspections.shared";
import { controlCall } from "./controlApi";
import { FollowUps } from "./FollowUps";
import { InspectionMails } from "./InspectionMails";

export interface Inspection {
  id: number;
  projectId: number;
  type: "INTERIM" | "FINAL";
  status: "DRAFT" | "INSPECTED";
  itemsInspected: string;
  inspectedAt: string;
  inspectedBy: string;
  description: string;
  remarks: string;
  followUpRequired: boolean;
  tenantViewable: boolean;
  sentAt: string | null;
  updatedAt: string;
}

/** Whether the caller records inspections (spec §6 "inspection"); the server checks the same. */
export const mayInspect = () => currentAbility().can("inspection", "tenant-project-inspections");

/** The form of an inspection (spec §3 "Inspection"): checked as each field is left. */
function InspectionForm({ open, onClose, onSaved, projectId }: { open: boolean; onClose: () => void; onSaved: () => void; projectId: number }) {
  const { t } = useTranslation("inspections");
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await api(tenantProjectInspectionsPath, {
        method: "POST",
        body: { ...values, projectId, inspectedAt: (values.inspectedAt as Dayjs).toISOString() },
        action: `${tenantProjectInspectionsPath}.create`,
      });
      notifySuccess(t("inspection.recorded"));
      form.resetFields();
      onSaved();
    } catch (error) {
      notifyError(`${tenantProjectInspectionsPath}.create`, error);
    } finally {
      setSaving(false);
    }
  };
  const text = [{ max: inspectionLimits.text, message: t("validation.tooLong", { max: inspectionLimits.text }) }];
  return (
    <Modal open={open} title={t("inspection.record")} onCancel={onClose} onOk={save} okText={t("save")} confirmLoading={saving} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ type: "INTERIM", inspectedAt: dayjs().startOf("minute"), followUpRequired: false, tenantViewable: false }}
        data-testid="inspection-form"
      >
        <Form.Item name="type" label={t("fields.type")} rules={[{ required: true }]}>
          <Select data-testid="inspection-type" options={inspectionTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
        </Form.Item>
        <Form.Item name="inspectedAt" label={t("fields.inspectedAt")} validateTrigger="onBlur" rules={[{ required: true, message: t("validation.required") }]}>
          <DatePicker showTime={{ format: "HH:mm" }} format={`${dateInputFormat()} HH:mm`} style={{ width: "100%" }} data-testid="inspection-inspected-at" />
        </Form.Item>
        <Form.Item
          name="inspectedBy"
          label={t("fields.inspectedBy")}
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: t("validation.required") },
            { max: inspectionLimits.inspectedBy, message: t("validation.tooLong", { max: inspectionLimits.inspectedBy }) },
          ]}
        >
          <Input data-testid="inspection-inspected-by" />
        </Form.Item>
        <Form.Item name="itemsInspected" label={t("fields.itemsInspected")} validateTrigger="onBlur" rules={text}>
          <Input.TextArea rows={2} data-testid="inspection-items" />
        </Form.Item>
        <Form.Item name="description" label={t("fields.description")} validateTrigger="onBlur" rules={text}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="remarks" label={t("fields.remarks")} validateTrigger="onBlur" rules={text}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="followUpRequired" valuePropName="checked">
          <Checkbox>{t("fields.followUpRequired")}</Checkbox>
        </Form.Item>
        <Form.Item name="tenantViewable" valuePropName="checked">
          <Checkbox>{t("fields.tenantViewable")}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

function InspectionItem({ inspection, inspector, closed }: { inspection: Inspection; inspector: boolean; closed: boolean }) {
  const { t } = useTranslation("inspections");
  const [busy, setBusy] = useState(false);
  const run = async (method: string, payload: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await controlCall(tenantProjectInspectionsPath, method, { id: inspection.id, updatedAt: inspection.updatedAt, ...payload });
      notifySuccess(t(done));
    } catch (error) {
      notifyError(`${tenantProjectInspectionsPath}.${method}`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      size="small"
      data-testid={`inspection-${inspection.id}`}
      title={
        <Space wrap>
          <span>{t(`types.${inspection.type}`)}</span>
          <Tag color={inspection.status === "INSPECTED" ? "green" : "gold"} data-testid="inspection-status">
            {t(`status.${inspection.status}`)}
          </Tag>
          {inspection.followUpRequired && <Tag color="orange">{t("fields.followUpRequired")}</Tag>}
        </Space>
      }
      extra={
        inspector &&
        !closed && (
          <Space wrap>
            {!inspection.sentAt && (
              <Space size={4}>
                <Switch
                  size="small"
                  checked={inspection.tenantViewable}
                  loading={busy}
                  onChange={(checked) => void run("tenantViewable", { isTenantView: checked }, "inspection.viewableChanged")}
                  data-testid="inspection-tenant-viewable"
                />
                <Typography.Text type="secondary">{t("fields.tenantViewable")}</Typography.Text>
              </Space>
            )}
            {!inspection.sentAt && (
              <Popconfirm title={t("inspection.sendConfirm")} onConfirm={() => run("send", {}, "inspection.sent")} okText={t("inspection.send")}>
                <Button type="primary" size="small" loading={busy} data-testid="inspection-send">
                  {t("inspection.send")}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t("fields.inspectedAt")}>{formatDateTime(inspection.inspectedAt)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.inspectedBy")}>{inspection.inspectedBy}</Descriptions.Item>
        <Descriptions.Item label={t("fields.itemsInspected")} span={2}>
          {inspection.itemsInspected}
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.description")} span={2}>
          {inspection.description}
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.remarks")} span={2}>
          {inspection.remarks}
        </Descriptions.Item>
        {inspection.sentAt && <Descriptions.Item label={t("fields.sentAt")}>{formatDateTime(inspection.sentAt)}</Descriptions.Item>}
      </Descriptions>
      <FollowUps inspection={inspection} inspector={inspector && !closed} />
      {inspector && <InspectionMails inspection={inspection} mayWrite={!closed} />}
    </Card>
  );
}

/** Each inspection is a card of its own, with photos and follow-ups: ten to a page, newest first. */
const INSPECTIONS_PAGE = 10;

/** A project's inspections (spec §3 "Inspection"; issue 30 item 6): the tenant sees them once sent (Inspected) or tenant-viewable, live. */
export function InspectionsCard({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("inspections");
  const [recording, setRecording] = useState(false);
  const inspector = mayInspect();
  const closed = project.status === "WITHDRAWN" || project.status === "CANCELLED";
  const [page, setPage] = useState(1);
  const { result, query } = useList<Inspection>({
    resource: tenantProjectInspectionsPath,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    sorters: [{ field: "inspectedAt", order: "desc" }],
    pagination: { currentPage: page, pageSize: INSPECTIONS_PAGE },
    liveMode: "auto",
  });
  const inspections = result?.data ?? [];
  const total = result?.total ?? 0;
  return (
    <Card
      id="inspection"
      title={t("inspection.title")}
      data-testid="inspections-card"
      extra={
        inspector &&
        !closed && (
          <Button onClick={() => setRecording(true)} data-testid="inspection-record">
            {t("inspection.record")}
          </Button>
        )
      }
    >
      {inspections.length === 0 && !query.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("inspection.empty")} />
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          {inspections.map((inspection) => (
            <InspectionItem key={inspection.id} inspection={inspection} inspector={inspector} closed={closed} />
          ))}
          {total > INSPECTIONS_PAGE && (
            <Pagination align="end" size="small" current={page} pageSize={INSPECTIONS_PAGE} total={total} onChange={setPage} showSizeChanger={false} />
          )}
        </Space>
      )}
      <InspectionForm
        open={recording}
        projectId={project.id}
        onClose={() => setRecording(false)}
        onSaved={() => {
          setRecording(false);
          void query.refetch();
        }}
      />
    </Card>
  );
}
