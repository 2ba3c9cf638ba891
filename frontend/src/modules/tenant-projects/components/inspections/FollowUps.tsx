import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, DatePicker, Form, Input, List, Popconfirm, Space, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { dateInputFormat, formatDate } from "../../../../components/format";
import {
  inspectionLimits,
  tenantProjectInspectionFollowUpsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-project-inspections/inspections.shared";
import { controlCall } from "./controlApi";

interface FollowUp {
  id: number;
  description: string;
  dueDate: string | null;
  status: "OPEN" | "CLOSED";
  closingRemarks: string;
  updatedAt: string;
}

/** An inspection's follow-up items, tracked to closure (issue 30 item 6): raised by an inspector once the tenant sees the inspection. */
export function FollowUps({ inspection, inspector }: { inspection: { id: number; sentAt: string | null; tenantViewable: boolean }; inspector: boolean }) {
  const { t } = useTranslation("inspections");
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { result } = useList<FollowUp>({
    resource: tenantProjectInspectionFollowUpsPath,
    filters: [{ field: "inspectionId", operator: "eq", value: inspection.id }],
    sorters: [{ field: "id", order: "asc" }],
    pagination: { pageSize: 100 },
    liveMode: "auto",
  });
  const items = result?.data ?? [];
  const visible = Boolean(inspection.sentAt) || inspection.tenantViewable;
  const raise = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await api(tenantProjectInspectionFollowUpsPath, {
        method: "POST",
        body: {
          inspectionId: inspection.id,
          description: values.description,
          ...(values.dueDate ? { dueDate: (values.dueDate as Dayjs).format("YYYY-MM-DD") } : {}),
        },
        action: `${tenantProjectInspectionFollowUpsPath}.create`,
      });
      form.resetFields();
      notifySuccess(t("followUps.raised"));
    } catch (error) {
      notifyError(`${tenantProjectInspectionFollowUpsPath}.create`, error);
    } finally {
      setSaving(false);
    }
  };
  const close = async (item: FollowUp) => {
    try {
      await controlCall(tenantProjectInspectionFollowUpsPath, "close", { id: item.id, updatedAt: item.updatedAt });
      notifySuccess(t("followUps.closed"));
    } catch (error) {
      notifyError(`${tenantProjectInspectionFollowUpsPath}.close`, error);
    }
  };
  if (!items.length && !(inspector && visible)) return null;
  return (
    <div style={{ marginTop: 12 }} data-testid={`follow-ups-${inspection.id}`}>
      <Typography.Text strong>{t("followUps.title")}</Typography.Text>
      <List
        rowKey="id"
        size="small"
        dataSource={items}
        locale={{ emptyText: t("followUps.empty") }}
        renderItem={(item) => (
          <List.Item
            actions={
              inspector && item.status === "OPEN"
                ? [
                    <Popconfirm key="close" title={t("followUps.closeConfirm")} onConfirm={() => close(item)}>
                      <Button size="small">{t("followUps.close")}</Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Space wrap>
              <Tag color={item.status === "OPEN" ? "orange" : "green"}>{t(`followUps.status.${item.status}`)}</Tag>
              <span>{item.description}</span>
              {item.dueDate && <Typography.Text type="secondary">{t("followUps.due", { date: formatDate(item.dueDate) })}</Typography.Text>}
              {item.closingRemarks && <Typography.Text type="secondary">{item.closingRemarks}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
      {inspector && visible && (
        <Form form={form} layout="inline" onFinish={raise} style={{ marginTop: 8 }}>
          <Form.Item
            name="description"
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: t("validation.required") },
              { max: inspectionLimits.text, message: t("validation.tooLong", { max: inspectionLimits.text }) },
            ]}
            style={{ minWidth: 280 }}
          >
            <Input placeholder={t("followUps.description")} data-testid="follow-up-description" />
          </Form.Item>
          <Form.Item name="dueDate">
            <DatePicker format={dateInputFormat()} aria-label={t("followUps.dueDate")} placeholder={t("followUps.dueDate")} />
          </Form.Item>
          <Button htmlType="submit" loading={saving}>
            {t("followUps.raise")}
          </Button>
        </Form>
      )}
    </div>
  );
}
