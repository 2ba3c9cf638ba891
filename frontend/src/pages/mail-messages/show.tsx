import { Card, Descriptions, Space, Table, Typography } from "antd";
import { Show } from "../../components/crud";
import { useShow } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../../components/StatusTag";
import { formatDateTime } from "../../components/format";

interface Recipient {
  id: number;
  address: string;
  kind: "to" | "cc" | "bcc";
  status: string;
  error: string | null;
}
interface MailMessage {
  id: number;
  template: string;
  language: string;
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  status: string;
  error: string | null;
  transport: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
  recipients?: Recipient[];
}

/** One mail as sent: its header, each receiver's result, and the body in a sandboxed frame. */
export default function MailMessageShow() {
  const { t } = useTranslation(["mail-messages", "common"]);
  const { query } = useShow<MailMessage>();
  const record = query.data?.data;
  return (
    <Show isLoading={query.isLoading} canEdit={false} canDelete={false}>
      {record && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("fields.subject")} span={2}>
              {record.subject}
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.template")}>{record.template}</Descriptions.Item>
            <Descriptions.Item label={t("fields.status")}>
              <StatusTag status={record.status} resource="mail-messages" />
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.to")}>{record.to.join(", ")}</Descriptions.Item>
            <Descriptions.Item label={t("fields.cc")}>{record.cc.join(", ")}</Descriptions.Item>
            <Descriptions.Item label={t("fields.createdAt")}>{formatDateTime(record.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.sentAt")}>{formatDateTime(record.sentAt)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.language")}>{record.language}</Descriptions.Item>
            <Descriptions.Item label={t("fields.messageId")}>{record.messageId}</Descriptions.Item>
            {record.error && (
              <Descriptions.Item label={t("fields.error")} span={2}>
                <Typography.Text type="danger">{record.error}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Card size="small" title={t("fields.recipients")}>
            <Table<Recipient>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={record.recipients ?? []}
              columns={[
                { key: "address", dataIndex: "address", title: t("fields.address") },
                { key: "kind", dataIndex: "kind", title: t("fields.kind"), render: (kind: string) => t(`kinds.${kind}`, { defaultValue: kind }) },
                {
                  key: "status",
                  dataIndex: "status",
                  title: t("fields.status"),
                  render: (status: string) => <StatusTag status={status} resource="mail-messages" />,
                },
                { key: "error", dataIndex: "error", title: t("fields.error") },
              ]}
            />
          </Card>
          <Card size="small" title={t("fields.body")}>
            {/* Mail HTML is not ours: an empty sandbox runs no script and cannot navigate the portal. */}
            <iframe
              title={t("fields.body")}
              sandbox=""
              srcDoc={record.html}
              style={{ width: "100%", minHeight: 480, border: "1px solid #f0f0f0", background: "#fff" }}
            />
          </Card>
        </Space>
      )}
    </Show>
  );
}
