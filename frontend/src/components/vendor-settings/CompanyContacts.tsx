import { Button, List, Space, Typography } from "antd";
import { useCan, useList, type BaseRecord } from "@refinedev/core";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** The first contacts of the company (the contacts service keeps a vendor to its own), with the way to all of them. */
export function CompanyContacts() {
  const { t } = useTranslation("vendor-settings");
  const { result, query } = useList<BaseRecord>({ resource: "ccdcontacts", pagination: { pageSize: 10 }, sorters: [{ field: "lastName", order: "asc" }] });
  const { data: mayCreate } = useCan({ resource: "ccdcontacts", action: "create" });
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Typography.Paragraph type="secondary">{t("contacts.intro")}</Typography.Paragraph>
      <List
        rowKey="id"
        loading={query.isLoading}
        size="small"
        bordered
        locale={{ emptyText: t("contacts.none") }}
        dataSource={result?.data ?? []}
        renderItem={(contact) => (
          <List.Item>
            <Link to={`/vendors/ccdcontacts/detail/${contact.id}`}>{[contact.firstName, contact.lastName].filter(Boolean).join(" ")}</Link>
            <Typography.Text type="secondary">{String(contact.position ?? "")}</Typography.Text>
          </List.Item>
        )}
      />
      <Space wrap>
        <Link to="/vendors/contacts">
          <Button>{t("contacts.open")}</Button>
        </Link>
        {mayCreate?.can && (
          <Link to="/vendors/ccdcontacts/create">
            <Button type="primary">{t("contacts.add")}</Button>
          </Link>
        )}
      </Space>
    </Space>
  );
}
