import { Show } from "../../../../components/crud";
import { useCan, useShow } from "@refinedev/core";
import { Button, Descriptions, Table, Tag } from "antd";
import { MergeCellsOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../../components/format";
import { usePortalBase } from "../../components/portal";

/** A contact (spec §2 /ccdcontacts/detail/{id}), live: another user's change shows at once. */
export function CcdContactShow() {
  const { t } = useTranslation("ccdcontacts");
  const base = usePortalBase();
  const { query } = useShow({ liveMode: "auto" });
  const record = query.data?.data;
  const { data: merge } = useCan({ resource: "ccdcontacts", action: "merge" });
  const dash = (value: unknown) => (value == null || value === "" ? "—" : String(value));
  return (
    <Show
      isLoading={query.isLoading}
      title={t("titles.show")}
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          {base === "" && merge?.can && record && (
            <Link to={`/ccdcontacts/merge/${record.id}`}>
              <Button icon={<MergeCellsOutlined />}>{t("merge.action")}</Button>
            </Link>
          )}
        </>
      )}
    >
      {record && (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("fields.name")}>
              {[record.prefix && t(`prefixes.${record.prefix}`), record.firstName, record.lastName].filter(Boolean).join(" ")}
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.companyName")}>
              {base === "" ? <Link to={`/companies/detail/${record.companyId}`}>{record.companyName}</Link> : record.companyName}
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.gender")}>{record.gender ? t(`genders.${record.gender}`) : "—"}</Descriptions.Item>
            <Descriptions.Item label={t("fields.status")}>
              <Tag color={record.status === "ACTIVE" ? "green" : "default"}>{t(`status.${record.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.position")}>{dash(record.position)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.title")}>{dash(record.title)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.department")}>{dash(record.department)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.roleType")}>{record.roleType ? t(`roleTypes.${record.roleType}`) : "—"}</Descriptions.Item>
            <Descriptions.Item label={t("fields.remarks")}>{dash(record.remarks)}</Descriptions.Item>
            <Descriptions.Item label={t("fields.updatedAt")}>{formatDateTime(record.updatedAt)}</Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            size="small"
            rowKey={(row: { kind: string; priority: number }) => `${row.kind}-${row.priority}`}
            pagination={false}
            scroll={{ x: true }}
            dataSource={record.channels ?? []}
            columns={[
              { dataIndex: "kind", title: t("fields.kind"), render: (value: string) => t(`kinds.${value}`) },
              { dataIndex: "type", title: t("fields.type"), render: (value: string) => t(`types.${value}`) },
              { dataIndex: "value", title: t("fields.value") },
              { dataIndex: "priority", title: t("fields.priority") },
              { dataIndex: "floor", title: t("fields.floor") },
              { dataIndex: "isPrimary", title: t("fields.isPrimary"), render: (value: boolean) => (value ? <Tag color="blue">{t("primary")}</Tag> : null) },
            ]}
          />
        </>
      )}
    </Show>
  );
}
