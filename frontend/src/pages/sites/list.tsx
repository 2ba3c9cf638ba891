import { CreateButton, List } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../components/list/ListToolbar";
import { NameTypeFields, useNameTypeTable } from "../../components/list/NameTypeSearch";
import { RowActions } from "../../components/settings/RowActions";
import { formatDateTime } from "../../components/format";
import { SITE_TYPES } from "../../components/sites/SiteForm";

export function SiteList() {
  const { t } = useTranslation(["sites", "common"]);
  const { tableProps, searchFormProps, filters, sorters } = useNameTypeTable();

  return (
    <List headerButtons={<CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />}>
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters}>
        <NameTypeFields
          nameLabel={t("fields.name")}
          typeLabel={t("fields.type")}
          types={SITE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        />
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
