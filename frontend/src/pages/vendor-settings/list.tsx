import { Card, Tabs } from "antd";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CompanyProfile } from "../../components/vendor-settings/CompanyProfile";
import { CompanyContacts } from "../../components/vendor-settings/CompanyContacts";
import { SubAccounts } from "../../components/vendor-settings/SubAccounts";

/**
 * /vendors/settings (spec §1 vendor routes): the vendor's company profile, its contacts and, for
 * the master account, its sub-accounts. A tab shows only when the user's rules allow what it
 * holds: contacts need the contacts right (master, or the "admin vendor contacts" toggle),
 * sub-accounts the right to create them (the master account).
 */
export function VendorSettingsList() {
  const { t } = useTranslation("vendor-settings");
  const [params, setParams] = useSearchParams();
  const { data: contacts } = useCan({ resource: "ccdcontacts", action: "list" });
  const { data: accounts } = useCan({ resource: "users", action: "create" });
  const items = [
    { key: "profile", label: t("tabs.profile"), children: <CompanyProfile /> },
    ...(contacts?.can ? [{ key: "contacts", label: t("tabs.contacts"), children: <CompanyContacts /> }] : []),
    ...(accounts?.can ? [{ key: "sub-accounts", label: t("tabs.subAccounts"), children: <SubAccounts /> }] : []),
  ];
  const active = items.some((item) => item.key === params.get("tab")) ? params.get("tab")! : "profile";
  return (
    <Card title={t("title")} styles={{ body: { paddingTop: 0 } }}>
      <Tabs activeKey={active} onChange={(tab) => setParams({ tab }, { replace: true })} items={items} destroyOnHidden />
    </Card>
  );
}
