import { CreateButton, List, ShowButton, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { Form, Input, Select, Space, Table, Tag } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { RowActions } from "../../../../components/settings/RowActions";
import { companyTypes } from "../../components/shared";

interface Search {
  name?: string;
  type?: string;
}

/** Companies of the contacts database (spec §2 /companies/...), live. */
export function CcdCompanyList() {
  const { t } = useTranslation(["ccdcompanies", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "name", order: "asc" }] },
    onSearch: ({ name, type }): CrudFilters => [
      { field: "name", operator: "contains", value: name?.trim() },
      { field: "type", operator: "eq", value: type },
    ],
  });
  return (
    <List headerButtons={<CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} exportable={false}>
        <Form.Item name="name" label={t("fields.name")}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="type" label={t("fields.type")}>
          <Select allowClear style={{ width: 180 }} options={companyTypes.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: true }}>
        <Table.Column<BaseRecord>
          dataIndex="name"
          title={t("fields.name")}
          sorter
          render={(name, record) => <Link to={`/companies/detail/${record.id}`}>{name}</Link>}
        />
        <Table.Column dataIndex="type" title={t("fields.type")} sorter render={(value: string) => <Tag>{t(`types.${value}`)}</Tag>} />
        <Table.Column dataIndex="parentCompanyName" title={t("fields.parentCompanyId")} />
        <Table.Column dataIndex="phone" title={t("fields.phone")} />
        <Table.Column dataIndex="contactCount" title={t("fields.contactCount")} />
        <Table.Column
          dataIndex="status"
          title={t("fields.status")}
          render={(value: string) => <Tag color={value === "ACTIVE" ? "green" : "default"}>{t(`status.${value}`)}</Tag>}
        />
        <Table.Column<BaseRecord>
          title={t("common:table.actions")}
          width={100}
          render={(_, record) => (
            <Space size="small">
              <ShowButton hideText size="small" recordItemId={record.id!} />
              <RowActions id={record.id as number} remove={false} />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
