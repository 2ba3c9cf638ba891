import { Descriptions, Space, Tag } from "antd";
import { Show } from "../../components/crud";
import { useMany, useOne, useShow, type BaseRecord } from "@refinedev/core";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../../components/StatusTag";
import { AccountActions } from "../../components/users/AccountActions";
import { effectiveState } from "../../components/users/account";
import { formatDateTime } from "../../components/format";
import { useUserKind, type UserRecord } from "../../components/users/user-kind";
import { CompanyAccounts } from "../../components/users/CompanyAccounts";
import { userTypes } from "../../components/users/account";
import { currentAbility } from "../../providers/access-control";

/** One account: who, which state, which groups in this region; account actions in the header. */
export default function UserShow() {
  const { t } = useTranslation(["users", "common"]);
  const { kind } = useUserKind();
  const { query } = useShow<UserRecord>();
  const record = query.data?.data;
  const groupIds = record?.groupIds ?? [];
  // Who may read accounts but not security groups (a project manager) is not shown them, nor asked for them.
  const mayReadGroups = currentAbility().can("read", "security-groups");
  const { result: groups } = useMany({ resource: "security-groups", ids: groupIds, queryOptions: { enabled: mayReadGroups && groupIds.length > 0 } });
  const companyId = record?.companyId ?? undefined;
  const { result: company } = useOne<BaseRecord>({ resource: "companies", id: companyId, queryOptions: { enabled: companyId != null } });
  // A vendor master account's screen lists its company's sub-accounts (spec settings users/vendors/{id}).
  const vendorMaster = record?.userType === userTypes.vendors.Admin && companyId != null;

  return (
    <Show
      title={t(`${kind}.titles.show`)}
      isLoading={query.isLoading}
      canDelete={false}
      headerButtons={({ defaultButtons }) => (
        <Space wrap>
          {record && <AccountActions record={record} size="middle" />}
          {defaultButtons}
        </Space>
      )}
    >
      {record && (
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t("fields.username")}>{record.username}</Descriptions.Item>
          <Descriptions.Item label={t("fields.displayName")}>{record.displayName}</Descriptions.Item>
          <Descriptions.Item label={t("fields.email")}>{record.email}</Descriptions.Item>
          <Descriptions.Item label={t("fields.phone")}>{record.phone}</Descriptions.Item>
          <Descriptions.Item label={t("fields.userType")}>{t(`userTypes.${record.userType}`, { defaultValue: String(record.userType) })}</Descriptions.Item>
          {kind !== "staff" && (
            <Descriptions.Item label={t("fields.company")}>
              {company ? String(company.name) : record.companyId ? `#${record.companyId}` : t("detail.noCompany")}
            </Descriptions.Item>
          )}
          {record.tenancyId != null && (
            <Descriptions.Item label={t("fields.tenancy")}>
              <Link to={`/settings/users/tenancies/${record.tenancyId}`}>{t("tenancy.title")}</Link>
            </Descriptions.Item>
          )}
          {kind === "vendors" && !vendorMaster && (
            <Descriptions.Item label={t("fields.vendorPerms")}>
              {(record.vendorPerms ?? []).map((perm) => (
                <Tag key={perm}>{t(`vendorPerms.${perm}`)}</Tag>
              ))}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t("fields.status")}>
            <StatusTag status={effectiveState(record)} resource="users" />
          </Descriptions.Item>
          <Descriptions.Item label={t("fields.source")}>{t(`sources.${record.source}`, { defaultValue: record.source })}</Descriptions.Item>
          <Descriptions.Item label={t("fields.domain")}>{record.domain}</Descriptions.Item>
          <Descriptions.Item label={t("fields.language")}>{t(`common:languages.${record.language}`, { defaultValue: record.language })}</Descriptions.Item>
          <Descriptions.Item label={t("fields.regions")}>{(record.regions ?? []).join(", ")}</Descriptions.Item>
          <Descriptions.Item label={t("fields.defaultRegion")}>{record.defaultRegion}</Descriptions.Item>
          {mayReadGroups && (
            <Descriptions.Item label={t("fields.securityGroups")}>
              {(groups?.data ?? []).map((group) => (
                <Tag key={String(group.id)}>{String(group.name)}</Tag>
              ))}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t("fields.invitedAt")}>{formatDateTime(record.invitedAt)}</Descriptions.Item>
          <Descriptions.Item label={t("fields.lastLogin")}>{formatDateTime(record.lastLoginAt)}</Descriptions.Item>
          <Descriptions.Item label={t("fields.createdAt")}>{formatDateTime(record.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t("fields.updatedAt")}>{formatDateTime(record.updatedAt)}</Descriptions.Item>
        </Descriptions>
      )}
      {record && vendorMaster && (
        <CompanyAccounts
          filter={{ field: "companyId", value: companyId! }}
          companyId={companyId}
          base="/settings/users/vendors"
          title={t("detail.subAccounts")}
        />
      )}
    </Show>
  );
}
