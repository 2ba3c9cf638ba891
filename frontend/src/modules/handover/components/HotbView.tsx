import { useState } from "react";
import { useMany, useOne, type BaseRecord } from "@refinedev/core";
import { Alert, Card, Space, Spin, Tabs, Tag } from "antd";
import { useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { HotbActions } from "./HotbActions";
import { HotbInformation } from "./HotbInformation";
import { HotbStatus } from "./HotbStatus";
import { HotbSigning } from "./HotbSigning";
import { HotbDocuments } from "./HotbDocuments";
import { KeyLines } from "./KeyLines";
import { MoveRecord } from "./MoveRecord";
import { ScheduleItems } from "./ScheduleItems";
import { hotbWorkflow, mayEditHotb, maySettleKeys } from "./rules";

/** The screen's tabs in the spec's order (spec hotb §2: information, schedule, key handover; the photo records come later). */
const tabs = ["information", "schedule", "keys"] as const;
type Tab = (typeof tabs)[number];

/**
 * One handover or takeback (spec /handover-takeback/{id} for staff, /tenants/handover-takeback/{id}
 * for its tenant): its status, workflow buttons (staff), and its information, schedule and keys,
 * editable by staff while the record is; live (another user's move shows without a reload).
 */
export function HotbView({ staff }: { staff: boolean }) {
  const { t } = useTranslation("hotb");
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const [blocked, setBlocked] = useState(false);
  const { query } = useOne<Record<string, any>>({ resource: "hotb", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  const { result: buildings } = useMany({
    resource: "buildings",
    ids: record?.buildingId ? [record.buildingId] : [],
    queryOptions: { enabled: Boolean(record?.buildingId) },
  });
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} data-testid="hotb-not-found" />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  const building = (buildings?.data ?? []).find((row: BaseRecord) => row.id === record.buildingId);
  const active: Tab = tabs[Number(search.get("tabIndex") ?? 0)] ?? "information";
  const editable = staff && mayEditHotb(record);
  const settleable = staff && maySettleKeys(record);
  const closed = hotbWorkflow.isIn("closed", record.status);
  const open = (tab: Tab) => setSearch({ tabIndex: String(tabs.indexOf(tab)) }, { replace: true });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {record.status === "CANCELLED" && (
        <Alert
          type="warning"
          showIcon
          message={t("closedNotice", { status: t(`status.${record.status}`) })}
          description={record.statusReason}
          data-testid="hotb-closed"
        />
      )}
      {staff && !closed && record.statusReason && ["DRAFT", "REJECTED"].includes(record.status) && (
        <Alert type="info" showIcon message={t("fields.statusReason")} description={record.statusReason} data-testid="hotb-reason-notice" />
      )}
      <Card
        title={
          <Space wrap>
            <span data-testid="hotb-title">{record.name}</span>
            <Tag>{t(`types.${record.type}`)}</Tag>
            <HotbStatus status={record.status} />
          </Space>
        }
      >
        {staff && (
          <div style={{ marginBottom: 16 }}>
            <HotbActions
              record={record}
              onDone={() => {
                setBlocked(false);
                void query.refetch();
              }}
              onKeysOpen={() => {
                setBlocked(true);
                open("keys");
              }}
            />
          </div>
        )}
        <Tabs
          activeKey={active}
          onChange={(key) => open(key as Tab)}
          items={tabs.map((tab) => ({
            key: tab,
            label: t(`tabs.${tab}`),
            children:
              tab === "schedule" ? (
                <ScheduleItems record={record} editable={editable} staff={staff} />
              ) : tab === "keys" ? (
                <KeyLines record={record} editable={editable} settleable={settleable} blocked={blocked} />
              ) : (
                <Space direction="vertical" size="middle" style={{ width: "100%" }}>
                  <HotbInformation record={record} building={building} editable={editable} staff={staff} />
                  {staff && <MoveRecord record={record} floors={(building?.floors as string[] | undefined) ?? []} />}
                </Space>
              ),
          }))}
        />
      </Card>
      {/* Spec hotb §3 docIds and attachments, §4 the signed or unsigned document of a scheduled record. */}
      <HotbDocuments record={record} staff={staff} />
      {/* Issue 31 §7: signatures, signing in person, the PDFs and the sealed original. */}
      <HotbSigning record={record} />
    </Space>
  );
}
