import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Form, Input, List, Modal, Select, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatDateTime } from "../../../../components/format";
import {
  inspectionLimits,
  tenantProjectInspectionMailsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-project-inspections/inspections.shared";
import { controlCall } from "./controlApi";

interface InspectionMail {
  id: number;
  toAddresses: string[];
  ccAddresses: string[];
  subject: string;
  body: string;
  status: "DRAFT" | "SENT";
  sentAt: string | null;
  sentCount: number;
  updatedAt: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An inspection's e-mail history (spec §3, §7 email_history): compose, send, resend; the inspectors' own. */
export function InspectionMails({ inspection, mayWrite }: { inspection: { id: number }; mayWrite: boolean }) {
  const { t } = useTranslation("inspections");
  const [form] = Form.useForm();
  const [composing, setComposing] = useState(false);
  const [saving, setSaving] = useState(false);
  const { result } = useList<InspectionMail>({
    resource: tenantProjectInspectionMailsPath,
    filters: [{ field: "inspectionId", operator: "eq", value: inspection.id }],
    sorters: [{ field: "id", order: "desc" }],
    pagination: { pageSize: 50 },
    liveMode: "auto",
  });
  const mails = result?.data ?? [];
  const addresses = (required: boolean) => [
    ...(required ? [{ required: true, message: t("validation.required") }] : []),
    {
      validator: (_: unknown, value: string[] | undefined) =>
        (value ?? []).every((address) => EMAIL.test(address)) ? Promise.resolve() : Promise.reject(new Error(t("validation.email"))),
    },
  ];
  const compose = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await api(tenantProjectInspectionMailsPath, {
        method: "POST",
        body: { inspectionId: inspection.id, to: values.to, cc: values.cc ?? [], subject: values.subject, body: values.body },
        action: `${tenantProjectInspectionMailsPath}.create`,
      });
      form.resetFields();
      setComposing(false);
      notifySuccess(t("mails.saved"));
    } catch (error) {
      notifyError(`${tenantProjectInspectionMailsPath}.create`, error);
    } finally {
      setSaving(false);
    }
  };
  const send = async (mail: InspectionMail) => {
    try {
      await controlCall(tenantProjectInspectionMailsPath, "send", { id: mail.id, updatedAt: mail.updatedAt });
      notifySuccess(t("mails.sent"));
    } catch (error) {
      notifyError(`${tenantProjectInspectionMailsPath}.send`, error);
    }
  };
  return (
    <div style={{ marginTop: 12 }} data-testid={`inspection-mails-${inspection.id}`}>
      <Space>
        <Typography.Text strong>{t("mails.title")}</Typography.Text>
        {mayWrite && (
          <Button size="small" onClick={() => setComposing(true)}>
            {t("mails.compose")}
          </Button>
        )}
      </Space>
      <List
        rowKey="id"
        size="small"
        dataSource={mails}
        locale={{ emptyText: t("mails.empty") }}
        renderItem={(mail) => (
          <List.Item
            actions={
              mayWrite
                ? [
                    <Button key="send" size="small" onClick={() => void send(mail)}>
                      {mail.sentAt ? t("mails.resend") : t("mails.send")}
                    </Button>,
                  ]
                : []
            }
          >
            <Space wrap>
              <Tag color={mail.sentAt ? "green" : "default"}>{t(`mails.status.${mail.status}`)}</Tag>
              <span>{mail.subject}</span>
              <Typography.Text type="secondary">{mail.toAddresses.join("; ")}</Typography.Text>
              {mail.sentAt && (
                <Typography.Text type="secondary">{t("mails.sentTimes", { count: mail.sentCount, at: formatDateTime(mail.sentAt) })}</Typography.Text>
              )}
            </Space>
          </List.Item>
        )}
      />
      <Modal
        open={composing}
        title={t("mails.compose")}
        onCancel={() => setComposing(false)}
        onOk={compose}
        okText={t("save")}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="to" label={t("mails.to")} validateTrigger="onBlur" rules={addresses(true)}>
            <Select mode="tags" tokenSeparators={[";", ","]} open={false} />
          </Form.Item>
          <Form.Item name="cc" label={t("mails.cc")} validateTrigger="onBlur" rules={addresses(false)}>
            <Select mode="tags" tokenSeparators={[";", ","]} open={false} />
          </Form.Item>
          <Form.Item
            name="subject"
            label={t("mails.subject")}
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: t("validation.required") },
              { max: inspectionLimits.subject, message: t("validation.tooLong", { max: inspectionLimits.subject }) },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="body"
            label={t("mails.body")}
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: t("validation.required") },
              { max: inspectionLimits.body, message: t("validation.tooLong", { max: inspectionLimits.body }) },
            ]}
          >
            <Input.TextArea rows={6} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
