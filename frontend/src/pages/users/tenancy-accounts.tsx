import { Alert, Card, Descriptions, Skeleton } from "antd";
import { CanAccess, useOne, type BaseRecord } from "@refinedev/core";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { CompanyAccounts } from "../../components/users/CompanyAccounts";
import { NoPermission } from "../../components/guards/NoPermission";

/**
 * /settings/users/tenancies/{id} (spec settings routes, tenancy-user-detail): one tenancy's
 * accounts for an administrator. The tenancy is read through its own service's rules (REST), the
 * accounts through the users service's.
 */
export function TenancyAccounts() {
  const { t } = useTranslation(["users", "common"]);
  const { id } = useParams();
  const { result: tenancy, query } = useOne<BaseRecord>({ resource: "tenancies", id, queryOptions: { enabled: Boolean(id), retry: false } });
  return (
    <CanAccess resource="users" action="list" fallback={<NoPermission />}>
      <Card title={t("tenancy.title")}>
        {query.isLoading ? (
          <Skeleton active />
        ) : query.isError || !tenancy ? (
          <Alert type="warning" showIcon message={t("tenancy.notFound")} />
        ) : (
          <Descriptions bordered size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t("fields.company")}>{String(tenancy.companyName ?? "")}</Descriptions.Item>
            <Descriptions.Item label={t("tenancy.tradeName")}>{String(tenancy.tradeName ?? "")}</Descriptions.Item>
            <Descriptions.Item label={t("tenancy.status")}>
              {t(`common:status.${tenancy.status}`, { defaultValue: String(tenancy.status ?? "") })}
            </Descriptions.Item>
          </Descriptions>
        )}
        {id && /^\d+$/.test(id) && (
          <CompanyAccounts filter={{ field: "tenancyId", value: Number(id) }} base="/settings/users/tenants" title={t("tenancy.accounts")} />
        )}
      </Card>
    </CanAccess>
  );
}
