import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { EditOutlined, UserAddOutlined } from "@ant-design/icons";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../../../components/StatusTag";
import { formatDateTime } from "../../../components/format";
import { api } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import { accountWorkflow } from "../../../../../backend/src/services/users/account.workflow";
import {
  grantablePerms,
  mayManageAccount,
  tenancyAccountsPath,
} from "../../../../../backend/src/modules/tenancies/services/tenancy-accounts/tenancy-accounts.shared";
import { TenancyAccountForm, type TenancyAccountRecord } from "./TenancyAccountForm";
import { TenancyRowsTable } from "./TenancyRowsTable";

const DANGER = new Set(["lock", "disable"]);

/**
 * A tenancy's user management (spec §2 userManagement tab, §3 tenancy account, §6 rules): its
 * master account and sub-accounts with their perms, state, invitation and last login; invite,
 * edit, resend, lock, unlock, enable, disable, each shown only when the account's state has that
 * way out (the server's workflow table), the caller's rights reach it and the shared rules let the
 * caller manage that account (`mayManageAccount`: never one's own, never the master for a tenant,
 * never an account with perms one could not give).
 */
export function TenancyAccounts({ tenancyId }: { tenancyId?: number }) {
  const { t } = useTranslation("tenancy-accounts");
  useSession((s) => s.rules);
  const me = useSession((s) => s.user);
  const [editing, setEditing] = useState<TenancyAccountRecord | "new" | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { result, query } = useList<TenancyAccountRecord>({
    resource: tenancyAccountsPath,
    filters: tenancyId ? [{ field: "tenancyId", operator: "eq", value: tenancyId }] : [],
    sorters: [
      { field: "userType", order: "asc" },
      { field: "displayName", order: "asc" },
    ],
    pagination: { pageSize: 100, mode: "server" },
  });
  const ability = currentAbility();
  const rows = result?.data ?? [];
  const actor = me ? { id: Number(me.id), userType: me.userType, tenancyPerms: me.tenancyPerms ?? [] } : undefined;
  const grantable = actor ? grantablePerms(actor) : [];
  const mayInvite = ability.can("create", tenancyAccountsPath);
  const manages = (record: TenancyAccountRecord, action: string) =>
    Boolean(actor && ability.can(action, subject(tenancyAccountsPath, { ...record }) as any) && mayManageAccount(actor, record));
  const actionsOf = (record: TenancyAccountRecord) => accountWorkflow.actionsFrom(record.status as any).filter((action) => manages(record, action));

  const run = async (record: TenancyAccountRecord, action: string) => {
    setBusy(`${record.id}:${action}`);
    try {
      await api(tenancyAccountsPath, {
        method: "POST",
        body: { id: record.id, updatedAt: record.updatedAt },
        headers: { "X-Service-Method": action },
        action: `tenancy-accounts.${action}`,
      });
      notifySuccess(t(`done.${action}`, { name: record.displayName }));
      await query.refetch();
    } catch (error) {
      notifyError(`tenancy-accounts.${action}`, error);
    } finally {
      setBusy(null);
    }
  };

  const nameOf = (record: TenancyAccountRecord) => (
    <Space direction="vertical" size={0}>
      <span>
        {record.displayName} {record.userType === 601 && <Tag color="gold">{t("master")}</Tag>}
      </span>
      <Typography.Text type="secondary">{record.email}</Typography.Text>
    </Space>
  );
  const permsOf = (record: TenancyAccountRecord) => (
    <Space size={[4, 4]} wrap style={{ maxWidth: 240 }}>
      {record.tenancyPerms.map((perm) => (
        <Tag key={perm}>{t(`perms.${perm}`)}</Tag>
      ))}
    </Space>
  );
  const statusOf = (record: TenancyAccountRecord) => (
    <Space size={4} wrap>
      <StatusTag status={record.status} resource="users" />
      {record.invitationExpired && <Tag color="orange">{t("invitationExpired")}</Tag>}
    </Space>
  );
  const actionsCell = (record: TenancyAccountRecord) => (
    <Space size={4} wrap>
      {manages(record, "update") && (
        <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(record)} aria-label={t("actions.edit")} data-testid="account-edit" />
      )}
      {actionsOf(record).map((action) => (
        <Popconfirm
          key={action}
          title={t(`confirm.${action}`, { name: record.displayName })}
          okText={t(action === "invite" ? "actions.resend" : `actions.${action}`)}
          cancelText={t("actions.cancel")}
          okButtonProps={{ danger: DANGER.has(action) }}
          onConfirm={() => run(record, action)}
        >
          <Button size="small" danger={DANGER.has(action)} loading={busy === `${record.id}:${action}`} data-testid={`account-${action}`}>
            {t(action === "invite" ? "actions.resend" : `actions.${action}`)}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );

  return (
    <>
      <TenancyRowsTable<TenancyAccountRecord>
        testId="tenancy-accounts"
        title={t("title")}
        add={
          mayInvite && (
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setEditing("new")} data-testid="invite-account">
              {t("actions.invite")}
            </Button>
          )
        }
        rows={rows}
        loading={query.isLoading}
        columns={
          <>
            <Table.Column<TenancyAccountRecord> key="name" title={t("fields.displayName")} render={(_, record) => nameOf(record)} />
            <Table.Column<TenancyAccountRecord> key="perms" title={t("fields.tenancyPerms")} render={(_, record) => permsOf(record)} />
            <Table.Column<TenancyAccountRecord> key="status" title={t("fields.status")} render={(_, record) => statusOf(record)} />
            <Table.Column
              dataIndex="invitedAt"
              title={t("fields.invitedAt")}
              render={(value: string | null) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(value)}</span>}
            />
            <Table.Column
              dataIndex="lastLoginAt"
              title={t("fields.lastLogin")}
              render={(value: string | null) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(value)}</span>}
            />
            <Table.Column<TenancyAccountRecord> key="actions" title={t("fields.actions")} render={(_, record) => actionsCell(record)} />
          </>
        }
        card={(record) => (
          <Space direction="vertical" size={6}>
            {nameOf(record)}
            {statusOf(record)}
            {permsOf(record)}
            <Typography.Text type="secondary">
              {t("fields.lastLogin")}: {formatDateTime(record.lastLoginAt) || "—"}
            </Typography.Text>
            {actionsCell(record)}
          </Space>
        )}
      />
      <TenancyAccountForm
        open={editing !== null}
        account={editing && editing !== "new" ? editing : undefined}
        tenancyId={tenancyId}
        grantable={grantable}
        mayInviteMaster={me?.portal === "staff" && !rows.some((row) => row.userType === 601)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void query.refetch();
        }}
      />
    </>
  );
}
