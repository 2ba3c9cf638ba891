import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Card, Empty, List, Space } from "antd";
import { StarOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** The home panel "ratings to do": the rater's open rating tasks, each opening the rating form; gone once rated; refreshes live. */
export function RatingTasksPanel() {
  const { t } = useTranslation("vendor-ratings");
  const { result, query } = useList({
    resource: "vendor-rating-tasks",
    filters: [{ field: "open", operator: "eq", value: true }],
    sorters: [{ field: "createdAt", order: "desc" }],
    pagination: { currentPage: 1, pageSize: 5 },
  });
  // The feature off in the region (404) or no rule to rate (403): no panel.
  if (query.isError) return null;
  const rows = result?.data ?? [];
  return (
    <Card
      title={
        <span>
          <StarOutlined /> {t("dashboard.title")}
        </span>
      }
      extra={<Link to="/performance">{t("dashboard.all")}</Link>}
      data-testid="rating-tasks-panel"
      loading={query.isLoading}
    >
      <List
        rowKey="id"
        size="small"
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.none")} /> }}
        renderItem={(task: BaseRecord) => (
          <List.Item
            data-testid="rating-task-item"
            actions={[
              <Link key="rate" to={`/performance/rate?taskId=${task.id}&projectId=${task.projectId}`}>
                <Button size="small" type="primary">
                  {t("dashboard.rate")}
                </Button>
              </Link>,
            ]}
          >
            <Space wrap size="small">
              {t("dashboard.task", { type: t(`rateType.${task.rateType}`), project: task.projectNumber, vendor: task.companyName })}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
