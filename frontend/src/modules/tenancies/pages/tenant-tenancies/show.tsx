import { useEffect, useRef, useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Card, Spin, Tabs } from "antd";
import { useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenancyDetails } from "../../components/TenancyDetails";
import { GreenOperationsTab, useSustainabilityShown } from "../../components/GreenOperationsTab";
import { ContactsTab } from "../../components/ContactsTab";
import { confirmContacts } from "../../components/tenancyContacts";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { useWithSlotTabs } from "../../../Slot";

/**
 * A tenant's tenancy record (spec /tenants/tenancies/{id}): the tenancy information and its
 * contacts to confirm, without leases. The reminder mail's one-click link (`?confirmContacts=1`)
 * confirms the contacts as the page opens and shows them.
 */
export function TenantTenancyShow() {
  const { t } = useTranslation("tenancies");
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const oneClick = search.get("confirmContacts") === "1";
  // The dashboard's "review contacts" opens the contacts tab (`?tab=allContacts`) without confirming.
  const [tab, setTab] = useState(oneClick ? "allContacts" : (search.get("tab") ?? "tenancyInformation"));
  const { query } = useOne<Record<string, any>>({ resource: "tenancies", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  const sustainabilityShown = useSustainabilityShown();
  const confirming = useRef(false);
  useEffect(() => {
    if (!oneClick || !record || confirming.current) return;
    confirming.current = true;
    setTab("allContacts");
    confirmContacts(Number(record.id))
      .then(() => {
        notifySuccess(t("contacts.confirmed"));
        void query.refetch();
      })
      .catch((error) => notifyError("tenancy-contacts.confirm", error))
      .finally(() => setSearch({}, { replace: true }));
  }, [oneClick, record, query, setSearch, t]);
  const items = record
    ? [
        { key: "tenancyInformation", label: t("tabs.tenancyInformation"), children: <TenancyDetails record={record} /> },
        { key: "allContacts", label: t("tabs.allContacts"), children: <ContactsTab record={record} staff={false} onChanged={() => void query.refetch()} /> },
        ...(sustainabilityShown
          ? [{ key: "sustainabilityInitiatives", label: t("tabs.sustainabilityInitiatives"), children: <GreenOperationsTab record={record} /> }]
          : []),
      ]
    : [];
  const tabs = useWithSlotTabs("tenancies.view", items, record ?? {}, "tenants");
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  return (
    <Card title={<span data-testid="tenancy-title">{[record.companyName, record.tradeName].filter(Boolean).join(" — ")}</span>}>
      <Tabs activeKey={tab} onChange={setTab} items={tabs} />
    </Card>
  );
}
