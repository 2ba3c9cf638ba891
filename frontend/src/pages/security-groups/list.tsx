import { Form, Input, Select, Space, Table } from "antd";
import { EditButton, List, ShowButton, useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { formatDateTime } from "../../components/format";
import type { Permission } from "../../components/security-groups/PermissionMatrix";

interface GroupRecord {
  id: number;
  name: string;
  description: string | null;
  domain: string;
  permissions: Permission[];
  updatedAt: string;
}

export default function SecurityGroupList() {
  const { t } = useTranslation(["security-groups", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<GroupRecord, never, { name?: string; domain?: string }>({
    sorters: { initial: [{ field: "name", order: "asc" }] },
    onSearch: (values): CrudFilters => [
      { field: "name", operator: "contains", value: values.name },
      { field: "domain", operator: "eq", value: values.domain },
    ],
  });
  return (
    <List>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="name" label={t("fields.name")}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="domain" label={t("fields.domain")}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={[
              { value: "CMS", label: t("domains.CMS") },
              { value: "TMS", label: t("domains.TMS") },
            ]}
          />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column dataIndex="name" title={t("fields.name")} sorter />
        <Table.Column dataIndex="description" title={t("fields.description")} />
        <Table.Column dataIndex="domain" title={t("fields.domain")} sorter render={(value: string) => t(`domains.${value}`, { defaultValue: value })} />
        <Table.Column<GroupRecord> key="permissions" title={t("fields.permissionCount")} render={(_, record) => record.permissions?.length ?? 0} />
        <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDateTime} />
        <Table.Column<GroupRecord>
          key="actions"
          title={t("common:table.actions")}
          render={(_, record) => (
            <Space size={4}>
              <ShowButton hideText size="small" recordItemId={record.id} />
              <EditButton hideText size="small" recordItemId={record.id} />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
