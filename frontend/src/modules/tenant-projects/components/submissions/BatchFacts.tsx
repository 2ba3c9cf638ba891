import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../../components/format";
import type { Batch } from "./submissionApi";

/** The colour of a batch's status tag. */
export const batchStatusColour: Record<string, string> = {
  STARTED: "gold",
  DESIGN_REVIEW: "blue",
  CP_REVIEW: "blue",
  TECH_REVIEW: "blue",
  UPDATE_PENDING: "orange",
  DISAPPROVED: "red",
  COMPLETED: "green",
  CANCELLED: "default",
};

/** A batch's reviewers, when it was sent, each step's outcome, when it was decided and why it stopped. */
export function BatchFacts({ batch }: { batch: Batch }) {
  const { t } = useTranslation("submissions");
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }}>
      <Descriptions.Item label={t("fields.reviewers")}>
        {[batch.designManagerId, batch.cpReviewerId, batch.techManagerId]
          .map((id, index) => (id ? `${t(`steps.${(["design", "cp", "technical"] as const)[index]}`)}: ${batch.reviewerNames[id] ?? ""}` : null))
          .filter(Boolean)
          .join(" · ") || "—"}
      </Descriptions.Item>
      <Descriptions.Item label={t("fields.sentAt")}>{batch.sentAt ? formatDateTime(batch.sentAt) : "—"}</Descriptions.Item>
      <Descriptions.Item label={t("fields.designOutcome")}>{batch.designOutcome ? t(`outcomes.${batch.designOutcome}`) : "—"}</Descriptions.Item>
      <Descriptions.Item label={t("fields.cpOutcome")}>{batch.cpOutcome ? t(`outcomes.${batch.cpOutcome}`) : "—"}</Descriptions.Item>
      <Descriptions.Item label={t("fields.techOutcome")}>{batch.techOutcome ? t(`outcomes.${batch.techOutcome}`) : "—"}</Descriptions.Item>
      <Descriptions.Item label={t("fields.completedDate")}>{batch.completedDate ? formatDateTime(batch.completedDate) : "—"}</Descriptions.Item>
      {batch.statusReason && <Descriptions.Item label={t("fields.statusReason")}>{batch.statusReason}</Descriptions.Item>}
    </Descriptions>
  );
}
