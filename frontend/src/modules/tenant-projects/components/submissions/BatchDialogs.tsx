import { useSelect } from "@refinedev/antd";
import { Form, Modal, Select, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import {
  cpOutcomes,
  designOutcomes,
  techOutcomes,
  type ReviewStep,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submission.workflow";
import type { Batch } from "./submissionApi";

const outcomesOf: Record<ReviewStep, readonly string[]> = { design: designOutcomes, cp: cpOutcomes, technical: techOutcomes };
const nextStepOf: Record<string, ReviewStep> = { PROCEED_NO_FOLLOW_UP: "technical", PROCEED_CP_FOLLOW_UP: "cp", APPROVE: "technical" };

/** The staff who can take a step, for the pickers (the server checks the same). */
function ReviewerSelect({ step, value, onChange, testId }: { step: ReviewStep; value?: number; onChange?: (value: number) => void; testId: string }) {
  const { selectProps } = useSelect<{ id: number; displayName: string }>({
    resource: "tenant-submission-reviewers",
    filters: [{ field: "step", operator: "eq", value: step }],
    optionLabel: "displayName" as never,
    optionValue: "id" as never,
    pagination: { mode: "off" },
    errorNotification: false,
  });
  return (
    <Select<number>
      options={selectProps.options as { value: number; label: string }[]}
      loading={selectProps.loading}
      value={value}
      onChange={onChange as any}
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ minWidth: 200 }}
      data-testid={testId}
    />
  );
}

/**
 * The step's reviewer decides a batch: the step's outcome and, where the outcome passes the batch
 * on to another step, who reviews it next (else the step's default reviewer).
 */
export function ReviewDialog({
  reviewing,
  form,
  busy,
  onSubmit,
  onCancel,
}: {
  /** The batch under review; null while the dialog is closed. */
  reviewing: Batch | null;
  form: FormInstance;
  busy?: boolean;
  onSubmit: (values: { outcome: string; nextReviewerId?: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("submissions");
  const outcome = Form.useWatch("outcome", form) as string | undefined;
  const reviewStep = reviewing?.ball.side === "reviewer" ? reviewing.ball.step : null;
  return (
    <Modal
      open={reviewing !== null}
      title={reviewStep ? t("actions.review", { step: t(`steps.${reviewStep}`) }) : ""}
      okText={t("actions.decide")}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} data-testid="review-form">
        <Form.Item name="outcome" label={t("fields.outcome")} rules={[{ required: true, message: t("outcomeRequired") }]}>
          <Select
            data-testid="review-outcome"
            options={(reviewStep ? outcomesOf[reviewStep] : []).map((value) => ({ value, label: t(`outcomes.${value}`) }))}
          />
        </Form.Item>
        {outcome && nextStepOf[outcome] && reviewStep !== "technical" && (
          <Form.Item name="nextReviewerId" label={t("fields.nextReviewer", { step: t(`steps.${nextStepOf[outcome]}`) })} extra={t("nextReviewerHint")}>
            <ReviewerSelect step={nextStepOf[outcome]} testId="review-next" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** A manager hands the running step of a batch to another of the step's reviewers. */
export function ReassignDialog({
  reassigning,
  form,
  onSubmit,
  onCancel,
}: {
  /** The batch whose step is handed over; null while the dialog is closed. */
  reassigning: Batch | null;
  form: FormInstance;
  onSubmit: (values: { reviewerId: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("submissions");
  return (
    <Modal
      open={reassigning !== null}
      title={t("actions.reassign")}
      okText={t("actions.reassign")}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        {reassigning?.ball.side === "reviewer" && (
          <Form.Item name="reviewerId" label={t("fields.reviewer")} rules={[{ required: true, message: t("reviewerRequired") }]}>
            <ReviewerSelect step={reassigning.ball.step} testId="reassign-reviewer" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
