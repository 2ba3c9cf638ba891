import { CreateButton, List, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { Form, Input, Select, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { RowActions } from "../../components/settings/RowActions";
import { formatDateTime } from "../../components/format";
import { SITE_TYPES } from "../../components/sites/SiteForm";

interface Search {
  name?: string;
  type?: string;
}

export function SiteList() {
  const { t } = useTranslation(["sites", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "name", order: "asc" }] },
    onSearch: ({ name, type }): CrudFilters => [
      { field: "name", operator: "contains", value: name?.trim() },
      { field: "type", operator: "eq", value: type },
    ],
  });

  return (
    <List headerButtons={<CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="name" label={t("fields.name")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="type" label={t("fields.type")}>
          <Select allowClear style={{ width: 140 }} options={SITE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))} />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column dataIndex="name" title={t("fields.name")} sorter />
        <Table.Column dataIndex="shortName" title={t("fields.shortName")} sorter />
        <Table.Column
          dataIndex="type"
          title={t("fields.type")}
          sorter
          render={(type: string) => <Tag color={type === "PHYSICAL" ? "blue" : "purple"}>{t(`types.${type}`, { defaultValue: type })}</Tag>}
        />
        <Table.Column dataIndex="buildingIds" title={t("fields.buildings")} render={(ids: number[] = []) => t("buildingCount", { count: ids.length })} />
        <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDateTime} />
        <Table.Column<BaseRecord> title={t("common:table.actions")} width={100} render={(_, record) => <RowActions id={record.id as number} />} />
      </Table>
    </List>
  );
}
