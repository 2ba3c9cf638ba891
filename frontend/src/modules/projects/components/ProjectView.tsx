import { useOne } from "@refinedev/core";
import { Alert, Card, Empty, Space, Spin, Tabs } from "antd";
import { useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { featureEnabled } from "../../../providers/access-control";
import { hasModule } from "../../../config/features";
import { projectTabs } from "../../../../../backend/src/modules/projects/services/projects/projects.shared";
import { ProjectDetails } from "./ProjectDetails";
import { ProjectActions } from "./ProjectActions";
import { ProjectStatus } from "./ProjectStatus";
import { ContractorsTab } from "./ContractorsTab";
import { SubmissionsTab } from "../claims/SubmissionsTab";
import { DocumentsTab } from "../documents/DocumentsTab";
import { OutsideMainContractor } from "./OutsideMainContractor";
import { useSession } from "../../../providers/session";

/**
 * One project (spec §2 project detail): its details and, below, the tabs submissions (0),
 * documents (1), contractor info (2) and work permit (3, when the region has WORK_PERMITS on and the module is built),
 * opened by the query option `tabIndex`. The submissions tab holds the payment claims
 * (claims/SubmissionsTab); documents come with the module's next part and show an empty list until then.
 * A vendor reading the project as its main contractor of another company sees the site's part
 * only (issue 27 item 8): no submissions tab, the contractors read-only; staff are told who that is.
 */
export function ProjectView({ staff }: { staff: boolean }) {
  const { t } = useTranslation("projects");
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  const { query } = useOne<Record<string, any>>({ resource: "projects", id, queryOptions: { enabled: Boolean(id) } });
  const record = query.data?.data;
  const companyId = useSession((s) => s.user?.companyId);
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!record) return <Spin style={{ display: "block", margin: 48 }} />;
  // The main contractor of another company reads the site's part, never the claims (the server answers 404 to it).
  const sitePartOnly = !staff && String(record.companyId) !== String(companyId ?? "");
  // The work permits tab waits for the work permits module: until it exists the tab would open nothing.
  const tabs = projectTabs.filter(
    (tab) => (tab !== "workPermit" || (featureEnabled("WORK_PERMITS") && hasModule("WORK_PERMITS"))) && (tab !== "submissions" || !sitePartOnly),
  );
  const index = Number(search.get("tabIndex") ?? 0);
  const active = projectTabs[index] && tabs.includes(projectTabs[index]) ? projectTabs[index] : tabs[0];
  const placeholder = (tab: string) => <Empty description={t(`tabs.empty.${tab}`)} data-testid={`tab-${tab}`} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      {staff && <OutsideMainContractor projectId={record.id} />}
      <Card
        title={
          <Space wrap>
            <span data-testid="project-title">{record.number}</span>
            <ProjectStatus status={record.status} />
          </Space>
        }
      >
        {/* Under the title, not beside it: on a phone the buttons would push the number out of sight. */}
        {staff && (
          <div style={{ marginBottom: 16 }}>
            <ProjectActions record={record} onDone={() => void query.refetch()} />
          </div>
        )}
        <ProjectDetails record={record} staff={staff} />
      </Card>
      <Card>
        <Tabs
          activeKey={active}
          onChange={(key) => setSearch({ tabIndex: String(projectTabs.indexOf(key as never)) }, { replace: true })}
          items={tabs.map((tab) => ({
            key: tab,
            label: t(`tabs.${tab}`),
            children:
              tab === "contractorInfo" ? (
                <ContractorsTab project={record} staff={staff} readOnly={sitePartOnly} />
              ) : tab === "submissions" ? (
                <SubmissionsTab project={record} staff={staff} />
              ) : tab === "documents" ? (
                <DocumentsTab project={record} />
              ) : (
                placeholder(tab)
              ),
          }))}
        />
      </Card>
    </Space>
  );
}
