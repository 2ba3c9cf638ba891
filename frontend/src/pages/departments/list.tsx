import { CreateButton, List, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { Form, Input, Table } from "antd";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { RowActions } from "../../components/settings/RowActions";
import { useRegionCurrency } from "../../components/settings/format";
import { formatDateTime, formatMoney } from "../../components/format";

interface Search {
  name?: string;
  shortName?: string;
}

export function DepartmentList() {
  const { t } = useTranslation(["departments", "common"]);
  const currency = useRegionCurrency();
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "name", order: "asc" }] },
    onSearch: ({ name, shortName }): CrudFilters => [
      { field: "name", operator: "contains", value: name?.trim() },
      { field: "shortName", operator: "contains", value: shortName?.trim() },
    ],
  });

  return (
    <List headerButtons={<CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="name" label={t("fields.name")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="shortName" label={t("fields.shortName")}>
          <Input allowClear />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 900 }}>
        <Table.Column dataIndex="shortName" title={t("fields.shortName")} sorter />
        <Table.Column dataIndex="name" title={t("fields.name")} sorter />
        <Table.Column dataIndex="itqThreshold" title={t("fields.itqThreshold")} sorter align="right" render={(value) => formatMoney(value, currency)} />
        <Table.Column dataIndex="categories" title={t("fields.categories")} render={(rows: unknown[] = []) => rows.length} />
        <Table.Column dataIndex="buildingIds" title={t("fields.buildings")} render={(rows: unknown[] = []) => rows.length} />
        <Table.Column dataIndex="userIds" title={t("fields.users")} render={(rows: unknown[] = []) => rows.length} />
        <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDateTime} />
        <Table.Column<BaseRecord> title={t("common:table.actions")} width={100} fixed="right" render={(_, record) => <RowActions id={record.id as number} />} />
      </Table>
    </List>
  );
}
