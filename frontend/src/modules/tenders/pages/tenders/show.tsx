import { useEffect, useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Button, Card, Form, Space, Spin } from "antd";
import { Link, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderForm } from "../../components/TenderForm";
import { toFormValues } from "../../components/tender-form-values";
import { WorkflowActions } from "../../components/WorkflowActions";
import { TenderTitle } from "../../components/TenderTitle";
import { HealthCheck } from "../../components/HealthCheck";
import { CreateAddendumButton } from "../../components/AddendumActions";
import { RevisionHistory } from "../../components/RevisionHistory";
import { tenderStatusText, type TenderState } from "../../components/rules";
import { useRegionTimeZone } from "../../components/api";
import { useRegionCurrency } from "../../../../components/settings/format";

const AFTER_ISSUE = ["ISSUED", "READY", "REVIEW", "AWARDED", "REGRETTED", "DECLINED"];

/**
 * The tab last chosen on a tender's screen, by tender and status: the screen can be drawn anew
 * right after a navigation (its access re-checked), and the tab the user had just opened must not
 * fall back to the first. A new status opens on its own first tab (the health check once issued).
 */
const chosenTabs = new Map<string, string>();

/** The tender read-only, with its workflow buttons; from issue on, the health check of the bids. */
export function TenderShow({ titleKey = "titles.show" }: { titleKey?: string } = {}) {
  const { t } = useTranslation("tenders");
  const { t: tr } = useTranslation("tender-revisions");
  const { id } = useParams();
  const navigate = useNavigate();
  const timeZone = useRegionTimeZone();
  const regionCurrency = useRegionCurrency();
  const [form] = Form.useForm();
  const { query } = useOne<Record<string, any>>({ resource: "tenders", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  const issued = record ? AFTER_ISSUE.includes(record.status) : false;
  const tabKey = `${id}:${record?.status ?? ""}`;
  const [tabs, setTabs] = useState<Record<string, string>>({});
  const tab = tabs[tabKey] ?? chosenTabs.get(tabKey);
  const chooseTab = (key: string) => {
    chosenTabs.set(tabKey, key);
    setTabs({ [tabKey]: key });
  };

  useEffect(() => {
    if (record) form.setFieldsValue(toFormValues(record, timeZone));
  }, [record, form, timeZone]);

  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  const currency = record.currency || regionCurrency;
  const healthCheck = issued ? [{ key: "healthCheck", label: t("tabs.healthCheck"), children: <HealthCheck tender={record} currency={currency} /> }] : [];
  // The revision history of every issued version (addenda), and the pending addendum if any.
  const revisions = issued ? [{ key: "revisions", label: tr("tab"), children: <RevisionHistory tender={record} /> }] : [];
  const pendingText = record.addendumStatus ? tenderStatusText(record.addendumStatus as TenderState, Number(record.version)) : "";

  return (
    <Card
      title={<TenderTitle title={t(titleKey)} record={record} />}
      extra={
        <Space wrap>
          <CreateAddendumButton record={record} />
          <WorkflowActions
            record={record}
            onDone={(next) => {
              if (next.status === "DRAFT" || next.status === "REJECTED") navigate(`/tender/edit/${next.id}`);
              else void query.refetch();
            }}
          />
        </Space>
      }
    >
      {record.status === "REJECTED" && record.rejectReason && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} message={t("rejectedBecause", { reason: record.rejectReason })} />
      )}
      {record.addendumStatus && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="addendum-pending"
          message={tr("pending", { version: record.version, status: t(`status.${pendingText}`, { defaultValue: pendingText }) })}
          action={
            <Link to={`/tender/addendum/${record.id}`}>
              <Button size="small" type="primary">
                {tr("actions.open")}
              </Button>
            </Link>
          }
        />
      )}
      <TenderForm
        form={form}
        record={record}
        currency={currency}
        readOnly
        extraTabs={[...healthCheck, ...revisions]}
        addendum={Number(record.version) > 0 ? { baseIds: new Set() } : undefined}
        activeKey={tab ?? (issued ? "healthCheck" : "general")}
        onTabChange={chooseTab}
      />
    </Card>
  );
}
