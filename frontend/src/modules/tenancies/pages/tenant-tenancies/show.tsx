import { useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Card, Spin, Tabs } from "antd";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenancyDetails } from "../../components/TenancyDetails";
import { ContactsTab } from "../../components/ContactsTab";

/** A tenant's tenancy record (spec /tenants/tenancies/{id}): the tenancy information and its contacts to confirm, without leases. */
export function TenantTenancyShow() {
  const { t } = useTranslation("tenancies");
  const { id } = useParams();
  const [tab, setTab] = useState("tenancyInformation");
  const { query } = useOne<Record<string, any>>({ resource: "tenancies", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  return (
    <Card title={<span data-testid="tenancy-title">{[record.companyName, record.tradeName].filter(Boolean).join(" — ")}</span>}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: "tenancyInformation", label: t("tabs.tenancyInformation"), children: <TenancyDetails record={record} /> },
          { key: "allContacts", label: t("tabs.allContacts"), children: <ContactsTab record={record} staff={false} onChanged={() => void query.refetch()} /> },
        ]}
      />
    </Card>
  );
}
