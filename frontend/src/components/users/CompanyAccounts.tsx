import { Card, Space, Table, Tag } from "antd";
import { useCustom, useList } from "@refinedev/core";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../StatusTag";
import { AccountActions } from "./AccountActions";
import { effectiveState } from "./account";
import type { UserRecord } from "./user-kind";

/**
 * The other accounts of a vendor company or a tenancy on a staff account screen
 * (spec settings users/vendors/{id}, users/tenancies/{id}): who they are, their toggles, their
 * state and the account actions; for a vendor company "n of 6" of its sub-account cap.
 */
export function CompanyAccounts({
  filter,
  companyId,
  base,
  title,
}: {
  filter: { field: string; value: number };
  companyId?: number | null;
  base: string;
  title: string;
}) {
  const { t } = useTranslation(["users", "common"]);
  const { result, query } = useList<UserRecord>({
    resource: "users",
    filters: [{ field: filter.field, operator: "eq", value: filter.value }],
    sorters: [{ field: "username", order: "asc" }],
    pagination: { pageSize: 100 },
  });
  const { result: quota } = useCustom<{ used: number; limit: number }>({
    url: `sub-account-quotas/${companyId}`,
    method: "get",
    queryOptions: { enabled: companyId != null },
  });
  const counts = companyId != null ? (quota?.data as { used?: number; limit?: number } | undefined) : undefined;
  return (
    <Card
      size="small"
      title={title}
      extra={counts?.limit != null && <Tag color="blue">{t("detail.quota", { used: counts.used, limit: counts.limit })}</Tag>}
      style={{ marginTop: 16 }}
    >
      <Table<UserRecord> rowKey="id" size="small" loading={query.isLoading} dataSource={result?.data ?? []} pagination={false} scroll={{ x: "max-content" }}>
        <Table.Column<UserRecord>
          dataIndex="username"
          title={t("fields.username")}
          render={(value, record) => <Link to={`${base}/${record.id}`}>{value}</Link>}
        />
        <Table.Column<UserRecord> dataIndex="displayName" title={t("fields.displayName")} />
        <Table.Column<UserRecord>
          dataIndex="userType"
          title={t("fields.userType")}
          render={(value: number) => t(`userTypes.${value}`, { defaultValue: String(value) })}
        />
        <Table.Column<UserRecord>
          dataIndex="vendorPerms"
          title={t("fields.vendorPerms")}
          render={(perms: string[] = []) => (
            <Space size={[4, 4]} wrap>
              {perms.map((perm) => (
                <Tag key={perm}>{t(`vendorPerms.${perm}`)}</Tag>
              ))}
            </Space>
          )}
        />
        <Table.Column<UserRecord>
          dataIndex="status"
          title={t("fields.status")}
          render={(_, record) => <StatusTag status={effectiveState(record)} resource="users" />}
        />
        <Table.Column<UserRecord>
          key="actions"
          title={t("common:table.actions")}
          render={(_, record) => <AccountActions record={record} onDone={() => void query.refetch()} />}
        />
      </Table>
    </Card>
  );
}
