import { useState } from "react";
import { List, useTable } from "@refinedev/antd";
import { useCan, useUpdate, type BaseRecord, type CrudFilters } from "@refinedev/core";
import { Button, Form, Input, Select, Space, Table, Tabs, Tag, Tooltip, Typography } from "antd";
import { CheckOutlined, CloseOutlined, EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { SettingValueEditor, SettingValueText, settingKind } from "../../components/settings/SettingValueEditor";
import { formatDateTime } from "../../components/format";
import { FileRulesForm } from "../../components/settings/FileRulesForm";
import { useSession } from "../../providers/session";

interface Search {
  key?: string;
  source?: string;
}

interface Setting extends BaseRecord {
  key: string;
  value: unknown;
  defaultValue: unknown;
  source: string;
  description: string | null;
  updatedAt: string | null;
}

/** System settings as the current region sees them; a value is edited in place by its type. */
export function SettingList() {
  const { t } = useTranslation(["settings", "regions", "common"]);
  const region = useSession((s) => s.region) ?? "GLOBAL";
  const { data: canEdit } = useCan({ resource: "settings", action: "edit" });
  const [editing, setEditing] = useState<{ key: string; value: unknown; error?: string } | null>(null);
  const { mutate, mutation } = useUpdate<Setting>();
  const { tableProps, searchFormProps, filters, sorters } = useTable<Setting, never, Search>({
    sorters: { initial: [{ field: "key", order: "asc" }] },
    onSearch: ({ key, source }): CrudFilters => [
      { field: "key", operator: "contains", value: key?.trim() },
      { field: "source", operator: "eq", value: source },
    ],
  });

  const sourceLabel = (source: string) => (source === "default" ? t("sources.default") : t(`regions:names.${source}`, { defaultValue: source }));

  const save = (record: Setting) => {
    if (!editing) return;
    const kind = settingKind(record.defaultValue, record.value);
    let value = editing.value;
    if (kind === "number" && (value === null || value === undefined || !Number.isFinite(Number(value)))) {
      setEditing({ ...editing, error: t("form.number") });
      return;
    }
    if (kind === "object") {
      try {
        value = typeof value === "string" ? JSON.parse(value) : value;
      } catch {
        setEditing({ ...editing, error: t("form.json") });
        return;
      }
    }
    mutate(
      // The version read with the list; null while the region still inherits the value.
      {
        resource: "settings",
        id: record.key,
        values: { value },
        meta: { updatedAt: record.updatedAt },
        successNotification: { type: "success", message: t("common:notifications.saved") },
      },
      { onSuccess: () => setEditing(null) },
    );
  };

  const all = (
    <>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="key" label={t("fields.key")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="source" label={t("fields.source")}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={[...new Set(["default", "GLOBAL", region])].map((value) => ({ value, label: sourceLabel(value) }))}
          />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="key" size="middle">
        <Table.Column<Setting>
          dataIndex="key"
          title={t("fields.key")}
          sorter
          render={(key: string) => (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{t(`keys.${key.replace(/\./g, "_")}`, { defaultValue: key })}</Typography.Text>
              <Typography.Text type="secondary" code>
                {key}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<Setting>
          dataIndex="value"
          title={t("fields.value")}
          render={(_, record) => {
            const kind = settingKind(record.defaultValue, record.value);
            if (editing?.key !== record.key) return <SettingValueText value={record.value} kind={kind} />;
            return (
              <Space direction="vertical" size={2}>
                <Space>
                  <SettingValueEditor kind={kind} value={editing.value} onChange={(value) => setEditing({ key: record.key, value })} />
                  <Tooltip title={t("common:buttons.save")}>
                    <Button
                      type="primary"
                      size="small"
                      icon={<CheckOutlined />}
                      loading={mutation.isPending}
                      onClick={() => save(record)}
                      aria-label={t("common:buttons.save")}
                    />
                  </Tooltip>
                  <Tooltip title={t("common:buttons.cancel")}>
                    <Button size="small" icon={<CloseOutlined />} onClick={() => setEditing(null)} aria-label={t("common:buttons.cancel")} />
                  </Tooltip>
                </Space>
                {editing.error && <Typography.Text type="danger">{editing.error}</Typography.Text>}
              </Space>
            );
          }}
        />
        <Table.Column<Setting>
          dataIndex="source"
          title={t("fields.source")}
          sorter
          render={(source: string) => <Tag color={source === "default" ? "default" : source === "GLOBAL" ? "blue" : "green"}>{sourceLabel(source)}</Tag>}
        />
        <Table.Column<Setting>
          dataIndex="defaultValue"
          title={t("fields.defaultValue")}
          render={(value, record) => <SettingValueText value={value} kind={settingKind(record.defaultValue, record.value)} />}
        />
        <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} render={formatDateTime} />
        {canEdit?.can && (
          <Table.Column<Setting>
            title={t("common:table.actions")}
            width={80}
            render={(_, record) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t("common:buttons.edit")}
                disabled={editing !== null}
                onClick={() => {
                  const kind = settingKind(record.defaultValue, record.value);
                  setEditing({ key: record.key, value: kind === "object" ? JSON.stringify(record.value) : record.value });
                }}
              />
            )}
          />
        )}
      </Table>
    </>
  );

  // The file rules as a form of their own (issue 27 item 19); every key stays in the full list.
  return (
    <List>
      <Tabs
        items={[
          { key: "file-rules", label: t("tabs.fileRules"), children: <FileRulesForm canEdit={Boolean(canEdit?.can)} /> },
          { key: "all", label: t("tabs.all"), children: all },
        ]}
      />
    </List>
  );
}
