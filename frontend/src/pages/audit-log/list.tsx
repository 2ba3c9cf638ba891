import { DatePicker, Form, Input, Table } from "antd";
import { List, ShowButton, useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { formatDateTime } from "../../components/format";
import { auditActionLabel, resourceLabel } from "../../components/security-groups/labels";
import { ResourceSelect } from "./ResourceSelect";

interface AuditEntry {
  id: number;
  at: string;
  username: string | null;
  region: string | null;
  action: string;
  resource: string;
  recordId: string | null;
  address?: string | null;
}

interface Search {
  action?: string;
  resource?: string;
  username?: string;
  at?: [Dayjs | null, Dayjs | null] | null;
}

/** Read-only: every audited write, newest first; filters and export. */
export default function AuditLogList() {
  const { t } = useTranslation(["audit-log", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<AuditEntry, never, Search>({
    sorters: { initial: [{ field: "at", order: "desc" }] },
    onSearch: (values): CrudFilters => [
      { field: "action", operator: "contains", value: values.action },
      { field: "resource", operator: "eq", value: values.resource },
      { field: "username", operator: "contains", value: values.username },
      {
        field: "at",
        operator: "between",
        value: values.at ? [values.at[0]?.startOf("day").toISOString(), values.at[1]?.endOf("day").toISOString()] : undefined,
      },
    ],
  });
  return (
    <List>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="at" label={t("fields.at")}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item name="resource" label={t("fields.resource")}>
          <ResourceSelect />
        </Form.Item>
        <Form.Item name="action" label={t("fields.action")}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="username" label={t("fields.username")}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: "max-content" }}>
        <Table.Column dataIndex="at" title={t("fields.at")} sorter render={formatDateTime} />
        <Table.Column dataIndex="username" title={t("fields.username")} sorter />
        <Table.Column dataIndex="action" title={t("fields.action")} sorter render={(value: string) => auditActionLabel(t, value)} />
        <Table.Column dataIndex="resource" title={t("fields.resource")} sorter render={(value: string) => resourceLabel(t, value)} />
        <Table.Column dataIndex="recordId" title={t("fields.recordId")} />
        <Table.Column dataIndex="region" title={t("fields.region")} />
        <Table.Column dataIndex="address" title={t("fields.address")} />
        <Table.Column<AuditEntry>
          key="actions"
          title={t("common:table.actions")}
          render={(_, record) => <ShowButton hideText size="small" recordItemId={record.id} />}
        />
      </Table>
    </List>
  );
}
