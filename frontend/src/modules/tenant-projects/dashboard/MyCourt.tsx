import { useTable } from "@refinedev/antd";
import type { BaseRecord, CrudFilter } from "@refinedev/core";
import { Card, Empty, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../providers/session";
import { holderColumn, reviewSteps } from "../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submission.workflow";
import { BatchTable } from "./BatchTable";

/** The ball in the user's court (spec "ball in court"): a batch in a review step whose reviewer column names the user. */
const inMyCourt = (userId: number): CrudFilter => ({
  operator: "or",
  value: Object.entries(reviewSteps).map(([status, step]) => ({
    operator: "and" as const,
    value: [
      { field: "status", operator: "eq" as const, value: status },
      { field: holderColumn[step], operator: "eq" as const, value: userId },
    ],
  })),
});

/** My court: the batches waiting for the signed-in reviewer, the nearest due first, paged by the service. */
export function MyCourt() {
  const { t } = useTranslation("tenant-submissions");
  const userId = Number(useSession((s) => s.user?.id) ?? 0);
  const { tableProps } = useTable<BaseRecord>({
    resource: "tenant-submissions",
    filters: { permanent: [inMyCourt(userId)] },
    sorters: {
      permanent: [
        { field: "dueDate", order: "asc" },
        { field: "id", order: "asc" },
      ],
    },
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    liveMode: "auto",
  });
  return (
    <Card title={t("dashboard.myCourt.title")}>
      <Typography.Paragraph type="secondary">{t("dashboard.myCourt.hint")}</Typography.Paragraph>
      <BatchTable
        testId="review-my-court"
        {...tableProps}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.myCourt.empty")} /> }}
      />
    </Card>
  );
}
