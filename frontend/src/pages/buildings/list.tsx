import { CreateButton, List, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { Form, Input, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { RowActions } from "../../components/settings/RowActions";
import { formatDateTime } from "../../components/format";

interface Search {
  code?: string;
  name?: string;
}

/** Buildings of the region: search by code / name, sort, page, export. */
export function BuildingList() {
  const { t } = useTranslation(["buildings", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "code", order: "asc" }] },
    onSearch: ({ code, name }): CrudFilters => [
      { field: "code", operator: "contains", value: code?.trim() },
      { field: "name", operator: "contains", value: name?.trim() },
    ],
  });

  return (
    <List headerButtons={<CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="code" label={t("fields.code")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={t("fields.name")}>
          <Input allowClear />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 900 }}>
        <Table.Column dataIndex="code" title={t("fields.code")} sorter />
        <Table.Column dataIndex="name" title={t("fields.name")} sorter />
        <Table.Column dataIndex="shortName" title={t("fields.shortName")} sorter />
        <Table.Column<BaseRecord>
          dataIndex="floors"
          title={t("fields.floors")}
          render={(floors: string[] = []) =>
            floors.length ? t("floorRange", { count: floors.length, first: floors[0], last: floors[floors.length - 1] }) : "—"
          }
        />
        <Table.Column dataIndex="commonFloor" title={t("fields.commonFloor")} sorter render={(value?: string) => (value ? <Tag>{value}</Tag> : "—")} />
        <Table.Column dataIndex="hotline" title={t("fields.hotline")} />
        <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDateTime} />
        <Table.Column<BaseRecord> title={t("common:table.actions")} fixed="right" width={100} render={(_, record) => <RowActions id={record.id as number} />} />
      </Table>
    </List>
  );
}
