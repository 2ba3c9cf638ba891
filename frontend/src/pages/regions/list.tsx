import { EditButton, List, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { Form, Input, Select, Space, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { StatusTag } from "../../components/StatusTag";
import { regionLabel } from "../../providers/regions";

interface Search {
  name?: string;
  enabled?: boolean;
}

/** Region config: every region with its domain, currency, time zone, switch and features. */
export function RegionList() {
  const { t } = useTranslation(["regions", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "sortOrder", order: "asc" }] },
    onSearch: ({ name, enabled }): CrudFilters => [
      { field: "name", operator: "contains", value: name?.trim() },
      { field: "enabled", operator: "eq", value: enabled },
    ],
  });

  return (
    <List>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="name" label={t("fields.name")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="enabled" label={t("fields.enabled")}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: true, label: t("common:status.ENABLED") },
              { value: false, label: t("common:status.DISABLED") },
            ]}
          />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="code" size="middle" scroll={{ x: 1000 }}>
        <Table.Column dataIndex="code" title={t("fields.code")} sorter />
        <Table.Column<BaseRecord> dataIndex="name" title={t("fields.name")} sorter render={(_, record) => regionLabel(record as never)} />
        <Table.Column dataIndex="domain" title={t("fields.domain")} />
        <Table.Column dataIndex="currency" title={t("fields.currency")} sorter render={(value?: string) => value || t("defaultCurrency")} />
        <Table.Column dataIndex="timeZone" title={t("fields.timeZone")} />
        <Table.Column dataIndex="enabled" title={t("fields.enabled")} sorter render={(value: boolean) => <StatusTag status={value} />} />
        <Table.Column
          dataIndex="features"
          title={t("fields.features")}
          render={(features: string[] = []) => (
            <Space size={[0, 4]} wrap>
              {features.map((feature) => (
                <Tag key={feature}>{t(`common:features.${feature}`, { defaultValue: feature })}</Tag>
              ))}
            </Space>
          )}
        />
        <Table.Column<BaseRecord>
          title={t("common:table.actions")}
          width={80}
          fixed="right"
          render={(_, record) => (
            <EditButton hideText size="small" recordItemId={record.code as string} accessControl={{ enabled: true, hideIfUnauthorized: true }} />
          )}
        />
      </Table>
    </List>
  );
}
