import { useState } from "react";
import { Alert, Button, Grid, List, Space, Table, Tag, Typography } from "antd";
import { useCustom, useList } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../StatusTag";
import { AccountActions } from "../users/AccountActions";
import { effectiveState, vendorSubAccountTypes } from "../users/account";
import { SubAccountForm, type SubAccount } from "./SubAccountForm";

interface Quota {
  companyId: number;
  used: number;
  limit: number;
}

/**
 * The company's sub-accounts with their toggles and state, "n of 6" of the cap, and the invite.
 * The users service answers a vendor master account its own company's accounts only.
 */
export function SubAccounts() {
  const { t } = useTranslation(["vendor-settings", "users", "common"]);
  const [editing, setEditing] = useState<SubAccount | "new" | null>(null);
  const { result, query } = useList<SubAccount>({
    resource: "users",
    filters: [{ field: "userType", operator: "in", value: [...vendorSubAccountTypes] }],
    sorters: [{ field: "username", order: "asc" }],
    pagination: { pageSize: 100 },
  });
  const { result: quotaResult, query: quotaQuery } = useCustom<Quota>({ url: "sub-account-quotas/own", method: "get" });
  const quota = quotaResult?.data as Quota | undefined;
  const refresh = () => Promise.all([query.refetch(), quotaQuery.refetch()]);
  const full = quota != null && quota.used >= quota.limit;
  // On a phone (vendors on site) each account is a card-like row: no sideways scrolling to its actions.
  const wide = Grid.useBreakpoint().md ?? true;
  const permTags = (perms: string[] = []) => (
    <Space size={[4, 4]} wrap>
      {perms.map((perm) => (
        <Tag key={perm}>{t(`users:vendorPerms.${perm}`)}</Tag>
      ))}
    </Space>
  );
  const actions = (record: SubAccount) => (
    <Space size={4} wrap>
      <Button size="small" onClick={() => setEditing(record)}>
        {t("subAccounts.edit")}
      </Button>
      <AccountActions record={record} onDone={() => void refresh()} />
    </Space>
  );

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space wrap style={{ justifyContent: "space-between", width: "100%" }}>
        <Typography.Text data-testid="sub-account-quota">
          {t("subAccounts.quotaLabel")}:{" "}
          <Tag color={full ? "orange" : "blue"}>{quota ? t("subAccounts.quota", { used: quota.used, limit: quota.limit }) : "…"}</Tag>
        </Typography.Text>
        <Button type="primary" onClick={() => setEditing("new")}>
          {t("subAccounts.invite")}
        </Button>
      </Space>
      {full && <Alert type="warning" showIcon message={t("subAccounts.full", { limit: quota!.limit })} />}
      {wide ? (
        <Table<SubAccount>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={result?.data ?? []}
          pagination={false}
          scroll={{ x: "max-content" }}
          locale={{ emptyText: t("subAccounts.none") }}
        >
          <Table.Column<SubAccount> dataIndex="username" title={t("users:fields.username")} />
          <Table.Column<SubAccount> dataIndex="displayName" title={t("users:fields.displayName")} />
          <Table.Column<SubAccount> dataIndex="email" title={t("users:fields.email")} />
          <Table.Column<SubAccount> dataIndex="vendorPerms" title={t("subAccounts.permissions")} render={(perms: string[] = []) => permTags(perms)} />
          <Table.Column<SubAccount>
            dataIndex="status"
            title={t("users:fields.status")}
            render={(_, record) => <StatusTag status={effectiveState(record)} resource="users" />}
          />
          <Table.Column<SubAccount> key="actions" title={t("common:table.actions")} render={(_, record) => actions(record)} />
        </Table>
      ) : (
        <List<SubAccount>
          rowKey="id"
          loading={query.isLoading}
          bordered
          locale={{ emptyText: t("subAccounts.none") }}
          dataSource={result?.data ?? []}
          renderItem={(record) => (
            <List.Item data-row-key={record.id} className="sub-account-item">
              <Space direction="vertical" size={4} style={{ width: "100%" }}>
                <Space wrap>
                  <Typography.Text strong>{record.username}</Typography.Text>
                  <StatusTag status={effectiveState(record)} resource="users" />
                </Space>
                <Typography.Text type="secondary">
                  {record.displayName} · {record.email}
                </Typography.Text>
                {permTags(record.vendorPerms)}
                {actions(record)}
              </Space>
            </List.Item>
          )}
        />
      )}
      <SubAccountForm
        open={editing !== null}
        record={editing && editing !== "new" ? editing : undefined}
        onClose={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </Space>
  );
}
