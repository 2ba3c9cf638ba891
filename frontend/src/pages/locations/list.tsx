import { CreateButton, List, useTable } from "@refinedev/antd";
import { useMany, type BaseRecord, type CrudFilters } from "@refinedev/core";
import { Form, Input, Table } from "antd";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { RecordSelect } from "../../components/settings/RecordSelect";
import { RowActions } from "../../components/settings/RowActions";
import { formatDateTime } from "../../components/format";

interface Search {
  code?: string;
  name?: string;
  buildingId?: number;
  departmentId?: number;
}

const ids = (rows: readonly BaseRecord[] | undefined, field: string) =>
  [...new Set((rows ?? []).map((row) => row[field]).filter((id) => id != null))] as number[];

export function LocationList() {
  const { t } = useTranslation(["locations", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "code", order: "asc" }] },
    onSearch: ({ code, name, buildingId, departmentId }): CrudFilters => [
      { field: "code", operator: "contains", value: code?.trim() },
      { field: "name", operator: "contains", value: name?.trim() },
      { field: "buildingId", operator: "eq", value: buildingId },
      { field: "departmentId", operator: "eq", value: departmentId },
    ],
  });
  const rows = tableProps.dataSource;
  const buildingIds = ids(rows, "buildingId");
  const departmentIds = ids(rows, "departmentId");
  const { result: buildings } = useMany({ resource: "buildings", ids: buildingIds, queryOptions: { enabled: buildingIds.length > 0 } });
  const { result: departments } = useMany({ resource: "departments", ids: departmentIds, queryOptions: { enabled: departmentIds.length > 0 } });
  const nameOf = (list: { data?: BaseRecord[] } | undefined, id: unknown, field = "name") =>
    list?.data?.find((row) => row.id === id)?.[field] ?? (id == null ? "—" : `#${id}`);

  return (
    <List headerButtons={<CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <Form.Item name="code" label={t("fields.code")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={t("fields.name")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="buildingId" label={t("fields.buildingId")}>
          <RecordSelect resource="buildings" showSearch style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="departmentId" label={t("fields.departmentId")}>
          <RecordSelect resource="departments" showSearch style={{ width: 200 }} />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column dataIndex="code" title={t("fields.code")} sorter />
        <Table.Column dataIndex="name" title={t("fields.name")} sorter />
        <Table.Column dataIndex="buildingId" title={t("fields.buildingId")} sorter render={(id) => nameOf(buildings, id, "code")} />
        <Table.Column dataIndex="departmentId" title={t("fields.departmentId")} sorter render={(id) => nameOf(departments, id)} />
        <Table.Column dataIndex="updatedAt" title={t("fields.updatedAt")} sorter render={formatDateTime} />
        <Table.Column<BaseRecord> title={t("common:table.actions")} width={100} render={(_, record) => <RowActions id={record.id as number} />} />
      </Table>
    </List>
  );
}
