import { Descriptions, Space } from "antd";
import { Show } from "../../components/crud";
import { useShow } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { PermissionMatrix, type Permission } from "../../components/security-groups/PermissionMatrix";
import { formatDateTime } from "../../components/format";

export default function SecurityGroupShow() {
  const { t } = useTranslation("security-groups");
  const { query } = useShow<{ id: number; name: string; description: string | null; domain: string; permissions: Permission[]; updatedAt: string }>();
  const record = query.data?.data;
  return (
    <Show isLoading={query.isLoading}>
      {record && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t("fields.name")}>{record.name}</Descriptions.Item>
            <Descriptions.Item label={t("fields.domain")}>{t(`domains.${record.domain}`, { defaultValue: record.domain })}</Descriptions.Item>
            <Descriptions.Item label={t("fields.description")} span={2}>
              {record.description}
            </Descriptions.Item>
            <Descriptions.Item label={t("fields.updatedAt")}>{formatDateTime(record.updatedAt)}</Descriptions.Item>
          </Descriptions>
          <PermissionMatrix value={record.permissions} readOnly />
        </Space>
      )}
    </Show>
  );
}
