import { Form, Input, Select, Table } from "antd";
import { List, ShowButton, useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { StatusTag } from "../../components/StatusTag";
import { formatDateTime } from "../../components/format";

interface MailRow {
  id: number;
  template: string;
  to: string[];
  subject: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
}

const STATUSES = ["PENDING", "OUTBOX", "SENT", "FAILED"];

/** The mail log: what the portal sent (or failed to send), newest first. */
export default function MailMessageList() {
  const { t } = useTranslation(["mail-messages", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<
    MailRow,
    never,
    { template?: string; subject?: string; status?: string; address?: string }
  >({
    sorters: { initial: [{ field: "createdAt", order: "desc" }] },
    onSearch: (values): CrudFilters => [
      { field: "template", operator: "contains", value: values.template },
      { field: "subject", operator: "contains", value: values.subject },
      { field: "status", operator: "eq", value: values.status },
      { field: "address", operator: "eq", value: values.address?.trim() },
    ],
  });
  return (
    <List>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="template" label={t("fields.template")}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="subject" label={t("fields.subject")}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="address" label={t("fields.address")}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label={t("fields.status")}>
          <Select allowClear style={{ width: 130 }} options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))} />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: "max-content" }}>
        <Table.Column dataIndex="createdAt" title={t("fields.createdAt")} sorter render={formatDateTime} />
        <Table.Column dataIndex="template" title={t("fields.template")} sorter />
        <Table.Column dataIndex="to" title={t("fields.to")} render={(to: string[]) => (to ?? []).join(", ")} />
        <Table.Column dataIndex="subject" title={t("fields.subject")} sorter />
        <Table.Column
          dataIndex="status"
          title={t("fields.status")}
          sorter
          render={(status: string) => <StatusTag status={status} resource="mail-messages" />}
        />
        <Table.Column dataIndex="sentAt" title={t("fields.sentAt")} sorter render={formatDateTime} />
        <Table.Column<MailRow>
          key="actions"
          title={t("common:table.actions")}
          render={(_, record) => <ShowButton hideText size="small" recordItemId={record.id} />}
        />
      </Table>
    </List>
  );
}
