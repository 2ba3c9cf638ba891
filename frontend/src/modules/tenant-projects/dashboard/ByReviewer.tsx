import { useMemo, useState } from "react";
import { useMany, type BaseRecord } from "@refinedev/core";
import { Alert, Card, Empty, Select, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatCount, formatDate } from "../../../components/format";
import type { ReviewStep } from "../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submission.workflow";
import { BatchTable } from "./BatchTable";
import { GROUPED_LIMIT, useBatchesInReview } from "./useReviewData";

interface ReviewerGroup {
  key: string;
  reviewerId: number | null;
  batches: BaseRecord[];
  overdue: number;
  nearest: string | null;
}

/** The batches by the reviewer holding the ball, the most overdue and nearest due first. */
function groupByReviewer(batches: readonly BaseRecord[]): ReviewerGroup[] {
  const groups = new Map<string, ReviewerGroup>();
  for (const batch of batches) {
    const reviewerId: number | null = batch.ball?.reviewerId ?? null;
    const key = reviewerId === null ? "unassigned" : String(reviewerId);
    const group = groups.get(key) ?? { key, reviewerId, batches: [], overdue: 0, nearest: null };
    group.batches.push(batch);
    if (batch.clock?.overdue) group.overdue += 1;
    if (batch.dueDate && (!group.nearest || batch.dueDate < group.nearest)) group.nearest = batch.dueDate;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.overdue - a.overdue || (a.nearest ?? "9999").localeCompare(b.nearest ?? "9999") || a.key.localeCompare(b.key));
}

const PAGE_SIZE = 10;

/** One reviewer's batches, paged in the browser; the project names read for the page shown only. */
function ReviewerBatches({ batches }: { batches: BaseRecord[] }) {
  const [page, setPage] = useState(1);
  return (
    <BatchTable
      testId="review-reviewer-batches"
      dataSource={batches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: batches.length, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}

/**
 * By reviewer (issue 29 item 2): the batches in review grouped by whoever holds the ball, with
 * how many are overdue and the nearest due day, each expandable to its batches; a step filter
 * narrows what is read. The grouping is the browser's, over the GROUPED_LIMIT batches due first:
 * the card says so when there are more.
 */
export function ByReviewer() {
  const { t } = useTranslation("tenant-submissions");
  const [step, setStep] = useState<ReviewStep | "all">("all");
  const { data, isLoading } = useBatchesInReview(step);
  const groups = useMemo(() => groupByReviewer(data?.rows ?? []), [data]);
  const reviewerIds = groups.map((group) => group.reviewerId).filter((id): id is number => id !== null);
  const { result: users } = useMany({
    resource: "users",
    ids: reviewerIds.slice(0, 100),
    queryOptions: { enabled: reviewerIds.length > 0, retry: false },
  });
  const nameOf = (group: ReviewerGroup) =>
    group.reviewerId === null
      ? t("dashboard.byReviewer.unassigned")
      : ((users?.data ?? []).find((user: BaseRecord) => user.id === group.reviewerId)?.displayName ?? `#${group.reviewerId}`);
  const steps: Array<ReviewStep | "all"> = ["all", "design", "cp", "technical"];
  return (
    <Card title={t("dashboard.byReviewer.title")}>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Space wrap>
          <Typography.Text type="secondary">{t("dashboard.byReviewer.hint")}</Typography.Text>
          <Select
            aria-label={t("dashboard.byReviewer.stepFilter")}
            data-testid="review-step-filter"
            value={step}
            onChange={setStep}
            style={{ minWidth: 180 }}
            options={steps.map((value) => ({ value, label: value === "all" ? t("dashboard.byReviewer.allSteps") : t(`steps.${value}`) }))}
          />
        </Space>
        {data && data.total > data.rows.length && (
          <Alert
            type="info"
            showIcon
            data-testid="review-grouped-limit"
            message={t("dashboard.byReviewer.truncated", { shown: formatCount(GROUPED_LIMIT), total: formatCount(data.total) })}
          />
        )}
        <Table<ReviewerGroup>
          rowKey="key"
          size="middle"
          loading={isLoading}
          dataSource={groups}
          scroll={{ x: 560 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          data-testid="review-by-reviewer"
          expandable={{ fixed: "left", expandedRowRender: (group) => <ReviewerBatches batches={group.batches} /> }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.byReviewer.empty")} /> }}
        >
          <Table.Column<ReviewerGroup> key="reviewer" title={t("fields.reviewer")} fixed="left" width={170} render={(_, group) => nameOf(group)} />
          <Table.Column<ReviewerGroup>
            key="open"
            title={t("dashboard.byReviewer.open")}
            align="right"
            render={(_, group) => formatCount(group.batches.length)}
          />
          <Table.Column<ReviewerGroup>
            key="overdue"
            title={t("dashboard.byReviewer.overdue")}
            align="right"
            width={90}
            render={(_, group) => <Typography.Text type={group.overdue ? "danger" : undefined}>{formatCount(group.overdue)}</Typography.Text>}
          />
          <Table.Column<ReviewerGroup>
            key="nearest"
            title={t("dashboard.byReviewer.nearest")}
            render={(_, group) => (group.nearest ? formatDate(group.nearest) : "")}
          />
        </Table>
      </Space>
    </Card>
  );
}
