import { useMany, type BaseRecord } from "@refinedev/core";
import { Table, Tag, type TableProps } from "antd";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../components/format";
import type { ClockReading } from "../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/review-clock.shared";
import { stepOf } from "../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submission.workflow";

/** Where a batch is reviewed: its project's submissions tab, opened at the batch (spec §2 "tabIndex=1&underBatch"). */
export const batchPath = (batch: BaseRecord) => `/tenant-projects/${batch.projectId}?tabIndex=1&underBatch=${batch.id}`;

/** The projects of a page of batches (name and company), read through the tenant projects service. */
export function useProjectsOf(batches: readonly BaseRecord[]) {
  const ids = [...new Set(batches.map((batch) => batch.projectId as number))];
  const { result } = useMany({ resource: "tenant-projects", ids, queryOptions: { enabled: ids.length > 0 } });
  return (projectId: unknown) => (result?.data ?? []).find((project: BaseRecord) => project.id === projectId);
}

/** The running step's clock in words: days left, due today, or a red "N days overdue". */
export function BatchClock({ clock }: { clock: ClockReading | null }) {
  const { t } = useTranslation("tenant-submissions");
  if (!clock) return null;
  if (clock.overdue)
    return (
      <Tag color="error" data-testid="batch-overdue">
        {t("clock.overdue", { count: Math.max(1, -clock.daysLeft) })}
      </Tag>
    );
  return <span>{clock.daysLeft === 0 ? t("clock.today") : t("clock.left", { count: clock.daysLeft })}</span>;
}

/**
 * Batches in review as a reviewer reads them: project (its page at the batch), the clock (in
 * working days, next to the project so a phone shows it), step, due date, batch number and company. A row opens the batch too; on a phone
 * the table scrolls under its project column. The project names of the rows
 * shown are read page by page (a find takes at most 100 ids).
 */
export function BatchTable({ testId, ...tableProps }: TableProps<BaseRecord> & { testId: string }) {
  const { t } = useTranslation("tenant-submissions");
  const navigate = useNavigate();
  const projectOf = useProjectsOf((tableProps.dataSource ?? []) as BaseRecord[]);
  return (
    <Table<BaseRecord>
      {...tableProps}
      // After Refine's table props (they bring their own scroll): the columns keep their width and the table scrolls.
      rowKey="id"
      size="small"
      scroll={{ x: 780 }}
      data-testid={testId}
      onRow={(batch) => ({ onClick: () => navigate(batchPath(batch)), style: { cursor: "pointer" } })}
    >
      <Table.Column<BaseRecord>
        key="projectName"
        title={t("fields.projectName")}
        fixed="left"
        width={170}
        render={(_, batch) => (
          <Link to={batchPath(batch)} data-testid="review-batch-link" onClick={(event) => event.stopPropagation()}>
            {projectOf(batch.projectId)?.projectName ?? `#${batch.projectId}`}
          </Link>
        )}
      />
      <Table.Column dataIndex="clock" width={140} title={t("fields.daysLeft")} render={(clock: ClockReading | null) => <BatchClock clock={clock} />} />
      <Table.Column dataIndex="status" title={t("fields.step")} render={(status: string) => t(`steps.${stepOf(status) ?? "update"}`)} />
      <Table.Column dataIndex="dueDate" title={t("fields.dueDate")} render={formatDate} />
      <Table.Column dataIndex="batchNumber" title={t("fields.batchNumber")} width={80} />
      <Table.Column<BaseRecord> key="companyName" title={t("fields.companyName")} render={(_, batch) => projectOf(batch.projectId)?.companyName ?? ""} />
    </Table>
  );
}
