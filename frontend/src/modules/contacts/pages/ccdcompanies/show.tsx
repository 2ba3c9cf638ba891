import { useTable } from "@refinedev/antd";
import { Show } from "../../../../components/crud";
import { useShow, type BaseRecord } from "@refinedev/core";
import { Button, Descriptions, Divider, Table, Tag } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { primaryOf } from "../../components/portal";

/** A company with its contacts (spec §2 /companies/detail/{id}), both live. */
export function CcdCompanyShow() {
  const { t } = useTranslation(["ccdcompanies", "ccdcontacts"]);
  const { query } = useShow({ liveMode: "auto" });
  const record = query.data?.data;
  const { tableProps } = useTable<BaseRecord>({
    resource: "ccdcontacts",
    syncWithLocation: false,
    filters: { permanent: [{ field: "companyId", operator: "eq", value: record?.id ?? -1 }] },
    queryOptions: { enabled: Boolean(record?.id) },
    liveMode: "auto",
  });
  const dash = (value: unknown) => (value == null || value === "" ? "—" : String(value));
  return (
    <Show isLoading={query.isLoading} title={t("titles.show")}>
      {record && (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("fields.name")}>{record.name}</Descriptions.Item>
            <Descriptions.Item label={t("fields.mailingName")}>{dash(record.mailingName)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.type")}>{t(`types.${record.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.status")}>
              <Tag color={record.status === "ACTIVE" ? "green" : "default"}>{t(`status.${record.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.parentCompanyId")}>
              {record.parentCompanyId ? <Link to={`/companies/detail/${record.parentCompanyId}`}>{record.parentCompanyName}</Link> : "—"}
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.department")}>{dash(record.department)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.email")}>{dash(record.email)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.phone")}>{dash(record.phone)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.altPhone")}>{dash(record.altPhone)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.fax")}>{dash(record.fax)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.addressLine1")} span={2}>
              {[record.addressLine1, record.addressLine2, record.addressLine3, record.addressLine4].filter(Boolean).join(", ") || "—"}
            </Descriptions.Item>
          </Descriptions>
          <Divider orientation="left">{t("contacts")}</Divider>
          <Link to={`/ccdcontacts/create?companyId=${record.id}`}>
            <Button icon={<PlusOutlined />} style={{ marginBottom: 12 }}>
              {t("addContact")}
            </Button>
          </Link>
          <Table {...tableProps} rowKey="id" size="small" scroll={{ x: true }}>
            <Table.Column<BaseRecord>
              title={t("ccdcontacts:fields.name")}
              render={(_, c) => <Link to={`/ccdcontacts/detail/${c.id}`}>{[c.firstName, c.lastName].filter(Boolean).join(" ")}</Link>}
            />
            <Table.Column dataIndex="position" title={t("ccdcontacts:fields.position")} />
            <Table.Column<BaseRecord> key="phone" title={t("ccdcontacts:fields.phone")} render={(_, c) => primaryOf(c.channels, "PHONE")} />
            <Table.Column<BaseRecord> key="email" title={t("ccdcontacts:fields.email")} render={(_, c) => primaryOf(c.channels, "EMAIL")} />
          </Table>
        </>
      )}
    </Show>
  );
}
