import { useOne } from "@refinedev/core";
import { Alert, Card, Spin, Tabs } from "antd";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenancyDetails } from "../../components/TenancyDetails";
import { GreenOperationsTab, useSustainabilityShown } from "../../components/GreenOperationsTab";

/** A tenant's tenancy record (spec /tenants/tenancies/{id}): the tenancy information, without leases. */
export function TenantTenancyShow() {
  const { t } = useTranslation("tenancies");
  const { id } = useParams();
  const { query } = useOne<Record<string, any>>({ resource: "tenancies", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  const sustainabilityShown = useSustainabilityShown();
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  return (
    <Card title={<span data-testid="tenancy-title">{[record.companyName, record.tradeName].filter(Boolean).join(" — ")}</span>}>
      <Tabs
        items={[
          { key: "tenancyInformation", label: t("tabs.tenancyInformation"), children: <TenancyDetails record={record} /> },
          ...(sustainabilityShown
            ? [{ key: "sustainabilityInitiatives", label: t("tabs.sustainabilityInitiatives"), children: <GreenOperationsTab record={record} /> }]
            : []),
        ]}
      />
    </Card>
  );
}
