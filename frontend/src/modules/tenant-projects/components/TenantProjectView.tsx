import { lazy, Suspense } from "react";
import { useOne, useMany, type BaseRecord } from "@refinedev/core";
import { Alert, Card, Descriptions, Divider, Space, Spin, Tabs, Tag, Typography } from "antd";
import { useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../components/format";
import { featureEnabled } from "../../../providers/access-control";
import {
  tenantProjectTabs,
  workPermitTabs,
  type TenantProjectTab,
} from "../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-projects.shared";
import { ProjectContractors } from "./ProjectContractors";
import { ProjectPeople } from "./ProjectPeople";
import { ProjectSubmissions } from "./submissions/ProjectSubmissions";
import { GuidelinesPanel } from "./GuidelinesPanel";
import { TenantProjectActions } from "./TenantProjectActions";
import { TenantProjectStatus } from "./TenantProjectStatus";
import { ProjectControlExtras } from "./inspections/ProjectControlExtras";

/** The project control tab (issue 30), loaded when it is opened. */
const ProjectControl = lazy(() => import("./control/ProjectControl"));

/**
 * The tabs built so far, in the spec's order (§2 "projectInfo 0, submissions 1, contractorInfo 2,
 * workPermit 3, projectControl 4"): each later part adds its tab here, so `tabIndex` keeps the
 * spec's numbers and a tab that would open nothing is not offered.
 */
const builtTabs: readonly TenantProjectTab[] = ["projectInfo", "submissions", "contractorInfo", "projectControl"];

/** The built tabs the region shows: contractorInfo only with work permits on (spec §2). */
const shownTabs = () => builtTabs.filter((tab) => !workPermitTabs.includes(tab) || featureEnabled("WORK_PERMITS"));

/** One tenant project (spec /tenant-projects/{id}, /tenants/tenant-projects/{id}): its information, workflow buttons and tabs. */
export function TenantProjectView() {
  const { t } = useTranslation("tenant-projects");
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const { query } = useOne<Record<string, any>>({ resource: "tenant-projects", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  const { result: buildings } = useMany({
    resource: "buildings",
    ids: record?.buildingId ? [record.buildingId] : [],
    queryOptions: { enabled: Boolean(record?.buildingId) },
  });
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  const building = (buildings?.data ?? []).find((row: BaseRecord) => row.id === record.buildingId);
  const index = Number(search.get("tabIndex") ?? 0);
  const tabs = shownTabs();
  const active = tabs.includes(tenantProjectTabs[index]) ? tenantProjectTabs[index] : tabs[0];
  const closed = record.status === "WITHDRAWN" || record.status === "CANCELLED";
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {closed && (
        <Alert
          type="warning"
          showIcon
          message={t("closedNotice", { status: t(`status.${record.status}`) })}
          description={record.statusReason}
          data-testid="tenant-project-closed"
        />
      )}
      <Card
        title={
          <Space wrap>
            <span data-testid="tenant-project-title">{record.projectName}</span>
            <TenantProjectStatus status={record.status} />
          </Space>
        }
      >
        <div style={{ marginBottom: 16 }}>
          <TenantProjectActions record={record} onDone={() => void query.refetch()} />
        </div>
        <Tabs
          activeKey={active}
          onChange={(key) => setSearch({ tabIndex: String(tenantProjectTabs.indexOf(key as TenantProjectTab)) }, { replace: true })}
          items={tabs.map((tab) => ({
            key: tab,
            label: t(`tabs.${tab}`),
            children:
              tab === "submissions" ? (
                <ProjectSubmissions project={record} />
              ) : tab === "projectControl" ? (
                <Suspense fallback={<Spin />}>
                  <ProjectControl project={record} />
                  <ProjectControlExtras project={record} onProjectChanged={() => void query.refetch()} />
                </Suspense>
              ) : tab === "contractorInfo" ? (
                <ProjectContractors project={record} onProjectChanged={() => void query.refetch()} />
              ) : (
                <>
                  <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
                    <Descriptions.Item label={t("fields.type")}>{t(`types.${record.type}`)}</Descriptions.Item>
                    <Descriptions.Item label={t("fields.companyName")}>{record.companyName}</Descriptions.Item>
                    <Descriptions.Item label={t("fields.tradeName")}>{record.tradeName}</Descriptions.Item>
                    <Descriptions.Item label={t("fields.buildingId")}>{building?.name ?? ""}</Descriptions.Item>
                    <Descriptions.Item label={t("fields.floors")}>{(record.floors ?? []).join(", ")}</Descriptions.Item>
                    <Descriptions.Item label={t("fields.projectLocation")}>{(record.projectLocation ?? []).join(", ")}</Descriptions.Item>
                    <Descriptions.Item label={t("fields.availableForWorkPermits")}>
                      <Tag color={record.availableForWorkPermits ? "success" : "default"}>{t(record.availableForWorkPermits ? "yes" : "no")}</Tag>
                    </Descriptions.Item>
                    <Descriptions.Item label={t("fields.updatedAt")}>{formatDateTime(record.updatedAt)}</Descriptions.Item>
                  </Descriptions>
                  <Divider />
                  <Typography.Title level={5}>{t("people.title")}</Typography.Title>
                  <ProjectPeople project={record} />
                  <GuidelinesPanel type="FIT_OUT" />
                </>
              ),
          }))}
        />
      </Card>
    </Space>
  );
}
