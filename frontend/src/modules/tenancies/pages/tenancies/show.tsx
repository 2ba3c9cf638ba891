import { useState } from "react";
import { useCan, useOne } from "@refinedev/core";
import { Alert, Button, Card, Space, Spin, Tabs } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { Link, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenancyDetails } from "../../components/TenancyDetails";
import { LeasesTab } from "../../components/LeasesTab";
import { ContactsConfirmation, ContactsTab } from "../../components/ContactsTab";
import { StatusButton } from "../../components/StatusButton";
import { TenancyHistories } from "../../components/TenancyHistories";
import { MovesSection } from "../../components/MovesSection";
import { GreenOperationsTab, useSustainabilityShown } from "../../components/GreenOperationsTab";
import { TenancyAccounts } from "../../components/TenancyAccounts";
import { InvitationRequest } from "../../components/InvitationRequest";
import { TenancyContractors } from "../../components/TenancyContractors";
import { useWithSlotTabs } from "../../../Slot";

/**
 * A tenancy record (spec /tenancies/view/{id}), its tabs in the spec's order, each shown only when
 * its module is there, its feature on and the user may: tenancy information; all contacts;
 * sustainability initiatives (GREEN_OPERATION); lease information (leases read); user management
 * (tenancy accounts read); other modules add theirs in the spec's order (the tenant projects module
 * its all projects tab after all contacts). Standalone permits come with their module. Updates live.
 */
export function TenancyShow() {
  const { t } = useTranslation("tenancies");
  const { id } = useParams();
  const { query } = useOne<Record<string, any>>({ resource: "tenancies", id, queryOptions: { enabled: Boolean(id) } });
  const { data: mayEdit } = useCan({ resource: "tenancies", action: "edit" });
  const { data: mayReadLeases } = useCan({ resource: "leases", action: "list" });
  const { data: mayReadAccounts } = useCan({ resource: "tenancy-accounts", action: "list" });
  const { data: mayReadContractors } = useCan({ resource: "tenancy-contractors", action: "list" });
  const [tab, setTab] = useState("tenancyInformation");
  const sustainabilityShown = useSustainabilityShown();
  const record = query.data?.data;
  const items = record
    ? [
        {
          key: "tenancyInformation",
          label: t("tabs.tenancyInformation"),
          children: (
            <>
              <ContactsConfirmation record={record} />
              <InvitationRequest record={record as { id: number }} />
              <TenancyDetails record={record} />
              <MovesSection record={record} />
              <TenancyHistories id={record.id} version={record.updatedAt} />
            </>
          ),
        },
        { key: "allContacts", label: t("tabs.allContacts"), children: <ContactsTab record={record} staff onChanged={() => void query.refetch()} /> },
        ...(sustainabilityShown
          ? [{ key: "sustainabilityInitiatives", label: t("tabs.sustainabilityInitiatives"), children: <GreenOperationsTab record={record} /> }]
          : []),
        ...(mayReadLeases?.can
          ? [{ key: "leaseInformation", label: t("tabs.leaseInformation"), children: <LeasesTab record={record} onChanged={() => void query.refetch()} /> }]
          : []),
        // Last in the spec's order (§2 "Tenancy view tabs").
        ...(mayReadAccounts?.can || mayReadContractors?.can
          ? [
              {
                key: "userManagement",
                label: t("tabs.userManagement"),
                children: (
                  <>
                    {mayReadAccounts?.can && <TenancyAccounts tenancyId={Number(record.id)} />}
                    {mayReadContractors?.can && <TenancyContractors tenancyId={Number(record.id)} />}
                  </>
                ),
              },
            ]
          : []),
      ]
    : [];
  const tabs = useWithSlotTabs("tenancies.view", items, record ?? {}, "staff");
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  return (
    <Card
      title={<span data-testid="tenancy-title">{[record.companyName, record.tradeName].filter(Boolean).join(" — ")}</span>}
      extra={
        <Space wrap>
          <StatusButton record={record} onDone={() => void query.refetch()} />
          {mayEdit?.can && (
            <Link to={`/tenancies/edit/${record.id}`}>
              <Button type="primary" icon={<EditOutlined />}>
                {t("actions.edit")}
              </Button>
            </Link>
          )}
        </Space>
      }
    >
      <Tabs activeKey={tab} onChange={setTab} items={tabs} />
    </Card>
  );
}
