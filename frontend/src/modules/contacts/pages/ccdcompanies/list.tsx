import { CreateButton, List } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Table, Tag } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { NameTypeFields, useNameTypeTable } from "../../../../components/list/NameTypeSearch";
import { RowActions } from "../../../../components/settings/RowActions";
import { StatusTag } from "../../../../components/StatusTag";
import { companyTypes } from "../../components/shared";

/** Companies of the contacts database (spec §2 /companies/...), live. */
export function CcdCompanyList() {
  const { t } = useTranslation(["ccdcompanies", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useNameTypeTable();
  return (
    <List headerButtons={<CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <NameTypeFields
          nameLabel={t("fields.name")}
          typeLabel={t("fields.type")}
          types={companyTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
          typeWidth={180}
        />
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
        <Table.Column dataIndex="status" title={t("fields.status")} render={(value: string) => <StatusTag status={value} resource="ccdcompanies" />} />
        <Table.Column<BaseRecord>
          title={t("common:table.actions")}
          width={100}
          render={(_, record) => <RowActions id={record.id as number} show remove={false} />}
        />
      </Table>
    </List>
  );
}
