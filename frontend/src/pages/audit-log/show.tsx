import { Descriptions, Space, Table, Typography } from "antd";
import { Show } from "../../components/crud";
import { useShow } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../components/format";
import { auditActionLabel, resourceLabel } from "../../components/security-groups/labels";

interface AuditEntry {
  id: number;
  at: string;
  username: string | null;
  region: string | null;
  action: string;
  resource: string;
  recordId: string | null;
  address?: string | null;
  before: unknown;
  after: unknown;
  /** Each field of before and after named in the reader's language (the key where there is no name). */
  fieldLabels?: Record<string, string>;
}

const asObject = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === undefined || value === null
      ? {}
      : { value };

/** A stored instant ("2026-12-04T09:00:00.000Z"): shown on the region's clock like every other time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const show = (value: unknown) =>
  value === undefined ? "" : typeof value === "string" ? (INSTANT.test(value) ? formatDateTime(value) : value) : JSON.stringify(value, null, 2);

/** One audit entry: who did what, and the record before and after side by side, changes marked. */
export default function AuditLogShow() {
  const { t } = useTranslation(["audit-log", "common"]);
  const { query } = useShow<AuditEntry>();
  const record = query.data?.data;
  const before = asObject(record?.before);
  const after = asObject(record?.after);
  const labelOf = (key: string) => record?.fieldLabels?.[key] ?? key;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => labelOf(a).localeCompare(labelOf(b)));
  const rows = keys.map((key) => ({ key, before: before[key], after: after[key], changed: JSON.stringify(before[key]) !== JSON.stringify(after[key]) }));
  const cell = (value: unknown) => <pre style={{ margin: 0, whiteSpace: "pre-wrap", wordBreak: "break-word", fontSize: 12, maxWidth: 480 }}>{show(value)}</pre>;

  return (
    <Show isLoading={query.isLoading} canEdit={false} canDelete={false}>
      {record && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("fields.at")}>{formatDateTime(record.at)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.username")}>{record.username}</Descriptions.Item>
            <Descriptions.Item label={t("fields.action")}>{auditActionLabel(t, record.action)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.resource")}>{resourceLabel(t, record.resource)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.recordId")}>{record.recordId}</Descriptions.Item>
            <Descriptions.Item label={t("fields.region")}>{record.region}</Descriptions.Item>
            {record.address && <Descriptions.Item label={t("fields.address")}>{record.address}</Descriptions.Item>}
          </Descriptions>
          <Typography.Text type="secondary">{t("diff.hint")}</Typography.Text>
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            dataSource={rows}
            locale={{ emptyText: t("diff.empty") }}
            rowClassName={(row) => (row.changed ? "audit-changed" : "")}
            onRow={(row) => ({ style: row.changed ? { background: "#fffbe6" } : undefined })}
            columns={[
              {
                key: "field",
                title: t("diff.field"),
                dataIndex: "key",
                width: 180,
                // The field's name as its screen says it; the stored key on hover, for whoever compares with the data.
                render: (key: string, row) => <span title={key}>{row.changed ? <strong>{labelOf(key)}</strong> : labelOf(key)}</span>,
              },
              { key: "before", title: t("fields.before"), dataIndex: "before", render: cell },
              { key: "after", title: t("fields.after"), dataIndex: "after", render: cell },
            ]}
          />
        </Space>
      )}
    </Show>
  );
}
