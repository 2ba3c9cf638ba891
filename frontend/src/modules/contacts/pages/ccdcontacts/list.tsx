import { CreateButton, List, useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilters } from "@refinedev/core";
import { Button, Form, Input, Select, Space, Table } from "antd";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ListToolbar } from "../../../../components/list/ListToolbar";
import { RowActions } from "../../../../components/settings/RowActions";
import { StatusTag } from "../../../../components/StatusTag";
import { RecordSelect } from "../../../../components/settings/RecordSelect";
import { useCan } from "@refinedev/core";
import { contactStatuses } from "../../components/shared";
import { primaryOf, usePortalBase } from "../../components/portal";

interface Search {
  q?: string;
  companyId?: number;
  status?: string;
}

/** Contacts (spec §2 /contacts, vendors /vendors/contacts): searched by name, company, phone fragment or e-mail; live. */
export function CcdContactList() {
  const { t } = useTranslation(["ccdcontacts", "common"]);
  const base = usePortalBase();
  const staff = base === "";
  const { data: companies } = useCan({ resource: "ccdcompanies", action: "list" });
  // Spec §6: the export of contacts is a right of its own.
  const { data: mayExport } = useCan({ resource: "ccdcontacts", action: "export" });
  const { tableProps, searchFormProps, filters, sorters } = useTable<BaseRecord, never, Search>({
    sorters: { initial: [{ field: "lastName", order: "asc" }] },
    onSearch: ({ q, companyId, status }): CrudFilters => [
      { field: "q", operator: "eq", value: q?.trim() || undefined },
      { field: "companyId", operator: "eq", value: companyId },
      { field: "status", operator: "eq", value: status },
    ],
  });

  return (
    <List
      headerButtons={
        <Space wrap>
          {staff && companies?.can && (
            <Link to="/companies">
              <Button>{t("companies")}</Button>
            </Link>
          )}
          <CreateButton accessControl={{ enabled: true, hideIfUnauthorized: true }} />
        </Space>
      }
    >
      <ListToolbar searchFormProps={searchFormProps} filters={filters} sorters={sorters} resource="ccdcontacts" exportable={staff && Boolean(mayExport?.can)}>
        {/* Labelled by its placeholder: a phone's width holds the field, not a label beside it. */}
        <Form.Item name="q">
          <Input allowClear placeholder={t("search")} aria-label={t("search")} style={{ width: 260, maxWidth: "100%" }} data-testid="contact-search" />
        </Form.Item>
        {staff && (
          <Form.Item name="companyId" label={t("fields.companyId")}>
            <RecordSelect resource="ccdcompanies" label={(record) => String(record.name)} style={{ minWidth: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="status" label={t("fields.status")}>
          <Select allowClear style={{ width: 120 }} options={contactStatuses.map((value) => ({ value, label: t(`status.${value}`) }))} />
        </Form.Item>
      </ListToolbar>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: true }}>
        <Table.Column<BaseRecord>
          dataIndex="lastName"
          title={t("fields.name")}
          sorter
          render={(_, record) => (
            <Link to={`${base}/ccdcontacts/detail/${record.id}`}>{[record.prefix, record.firstName, record.lastName].filter(Boolean).join(" ")}</Link>
          )}
        />
        <Table.Column dataIndex="companyName" title={t("fields.companyName")} />
        <Table.Column dataIndex="position" title={t("fields.position")} sorter />
        <Table.Column dataIndex="roleType" title={t("fields.roleType")} render={(value?: string) => (value ? t(`roleTypes.${value}`) : null)} />
        <Table.Column<BaseRecord> key="phone" title={t("fields.phone")} render={(_, record) => primaryOf(record.channels, "PHONE")} />
        <Table.Column<BaseRecord> key="email" title={t("fields.email")} render={(_, record) => primaryOf(record.channels, "EMAIL")} />
        <Table.Column dataIndex="status" title={t("fields.status")} render={(value: string) => <StatusTag status={value} resource="ccdcontacts" />} />
        <Table.Column<BaseRecord>
          title={t("common:table.actions")}
          width={120}
          render={(_, record) => <RowActions id={record.id as number} show remove={staff} />}
        />
      </Table>
    </List>
  );
}
