import { Form, Input, Select, Space, Table } from "antd";
import { EditButton, List, ShowButton, useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { StatusTag } from "../../components/StatusTag";
import { AccountActions } from "../../components/users/AccountActions";
import { effectiveState } from "../../components/users/account";
import { formatDateTime } from "../../components/format";
import { useUserKind, type UserRecord } from "../../components/users/user-kind";

interface Search {
  username?: string;
  displayName?: string;
  email?: string;
  /** Not `userType`: useTable fills fields named like a filter, and the permanent one is `userType in [...]`. */
  type?: number;
  enabled?: boolean;
}

/** Staff, vendor or tenant users (the route decides), with account actions in each row. */
export default function UserList() {
  const { t } = useTranslation(["users", "common"]);
  const { kind, permanent, userTypes } = useUserKind();
  const { tableProps, searchFormProps, filters, sorters } = useTable<UserRecord, never, Search>({
    filters: { permanent },
    sorters: { initial: [{ field: "username", order: "asc" }] },
    onSearch: (values): CrudFilters => [
      { field: "username", operator: "contains", value: values.username },
      { field: "displayName", operator: "contains", value: values.displayName },
      { field: "email", operator: "contains", value: values.email },
      { field: "userType", operator: "eq", value: values.type },
      { field: "enabled", operator: "eq", value: values.enabled },
    ],
  });
  const userTypeOptions = userTypes.map((type) => ({ value: type, label: t(`userTypes.${type}`) }));

  return (
    <List title={t(`${kind}.titles.list`)}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} permanentFilters={permanent} resource="users">
        <Form.Item name="username" label={t("fields.username")}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="displayName" label={t("fields.displayName")}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="email" label={t("fields.email")}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="type" label={t("fields.userType")}>
          <Select allowClear style={{ width: 160 }} options={userTypeOptions} />
        </Form.Item>
        <Form.Item name="enabled" label={t("fields.enabled")}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[
              { value: true, label: t("common:status.ENABLED") },
              { value: false, label: t("common:status.DISABLED") },
            ]}
          />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: "max-content" }}>
        <Table.Column dataIndex="username" title={t("fields.username")} sorter />
        <Table.Column dataIndex="displayName" title={t("fields.displayName")} sorter />
        <Table.Column dataIndex="email" title={t("fields.email")} sorter />
        <Table.Column<UserRecord>
          dataIndex="userType"
          title={t("fields.userType")}
          sorter
          render={(value: number) => t(`userTypes.${value}`, { defaultValue: String(value) })}
        />
        <Table.Column<UserRecord>
          dataIndex="status"
          title={t("fields.status")}
          render={(_, record) => <StatusTag status={effectiveState(record)} resource="users" />}
        />
        <Table.Column dataIndex="lastLoginAt" title={t("fields.lastLogin")} sorter render={formatDateTime} />
        <Table.Column<UserRecord>
          key="actions"
          title={t("common:table.actions")}
          fixed="right"
          render={(_, record) => (
            <Space size={4} wrap>
              <ShowButton hideText size="small" recordItemId={record.id} />
              <EditButton hideText size="small" recordItemId={record.id} />
              <AccountActions record={record} />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
