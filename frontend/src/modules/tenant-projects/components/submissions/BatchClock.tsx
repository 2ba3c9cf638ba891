import { Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { Batch } from "./submissionApi";

/** Who holds the ball and how long is left (working days; red once overdue). */
export function BatchClock({ batch, reviewerName }: { batch: Batch; reviewerName: (id: number | null) => string }) {
  const { t } = useTranslation("submissions");
  const { ball, clock } = batch;
  return (
    <Space wrap size={4} data-testid={`batch-${batch.batchNumber}-clock`}>
      {ball.side === "tenant" && <Tag color="gold">{t("ball.tenant")}</Tag>}
      {ball.side === "reviewer" && <Tag color="blue">{t("ball.reviewer", { step: t(`steps.${ball.step}`), name: reviewerName(ball.reviewerId) })}</Tag>}
      {clock && (
        <Typography.Text type={clock.overdue ? "danger" : undefined}>
          {clock.overdue ? t("clock.overdue", { count: -clock.daysLeft, due: clock.dueDate }) : t("clock.left", { count: clock.daysLeft, due: clock.dueDate })}
        </Typography.Text>
      )}
    </Space>
  );
}
