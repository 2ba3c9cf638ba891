import { useList, type BaseRecord } from "@refinedev/core";
import { Card, Col, Empty, List, Row, Space, Statistic } from "antd";
import { ProjectOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { projectStates } from "../../../../../backend/src/modules/projects/services/projects/project.workflow";
import { ProjectStatus } from "../components/ProjectStatus";

/** How many projects the user reads in one status: one row read, the total from the server. */
function useStatusCount(status: string) {
  const { result } = useList({
    resource: "projects",
    filters: [{ field: "status", operator: "eq", value: status }],
    pagination: { currentPage: 1, pageSize: 1 },
  });
  return result?.total ?? 0;
}

function StatusCount({ status }: { status: string }) {
  const { t } = useTranslation("projects");
  return <Statistic title={t(`status.${status}`)} value={useStatusCount(status)} />;
}

/** The home panel for projects: counts by status and the latest changed, each linking to the project; refreshes live. */
function ProjectPanel({ base, states }: { base: string; states: readonly string[] }) {
  const { t } = useTranslation("projects");
  const latest = useList({ resource: "projects", sorters: [{ field: "updatedAt", order: "desc" }], pagination: { currentPage: 1, pageSize: 5 } });
  const rows = latest.result?.data ?? [];
  return (
    <Card
      title={
        <span>
          <ProjectOutlined /> {t("dashboard.title")}
        </span>
      }
      extra={<Link to={base}>{t("dashboard.all")}</Link>}
      data-testid="project-panel"
    >
      <Row gutter={[16, 16]}>
        {states.map((status) => (
          <Col key={status} xs={12} sm={6}>
            <StatusCount status={status} />
          </Col>
        ))}
      </Row>
      <List
        rowKey="id"
        size="small"
        header={t("dashboard.latest")}
        dataSource={rows}
        locale={{ emptyText: <Empty description={t("dashboard.none")} /> }}
        renderItem={(project: BaseRecord) => (
          <List.Item>
            <Space wrap size="small">
              <Link to={`${base}/${project.id}`}>{String(project.number)}</Link>
              {project.type ? <span>{String(project.type)}</span> : null}
              <ProjectStatus status={String(project.status)} />
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

export function StaffProjectPanel() {
  return <ProjectPanel base="/projects" states={projectStates} />;
}

export function VendorProjectPanel() {
  return <ProjectPanel base="/vendors/projects" states={projectStates.filter((state) => state !== "DRAFT")} />;
}
