import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import {
  isRetentionRelease,
  releaseOverrideReasonMaxLength,
  retentionReleaseProblems,
} from "../../../../../backend/src/modules/projects/claims/claim-rules.shared";
import { regionDay } from "../../../components/format";
import {
  isValidRejectReason,
  rejectReasonMaxLength,
  submissionWorkflow,
  type SubmissionAction,
} from "../../../../../backend/src/modules/projects/claims/submission.workflow";
import { WorkflowActionBar, type ActionExtra } from "../../../components/workflow/WorkflowActionBar";
import { claimFacts, SUBMISSIONS, useClaimActor, type Submission } from "./api";

const NS = "project-submissions";

/**
 * The claim's workflow buttons (spec §4), drawn from the table and the caller's rules by the
 * shared bar: submit and resubmit for its vendor, accept and reject (with a reason) for the staff
 * in charge; each confirmed, then answered with the stored claim. A claim moves by a PATCH
 * naming the action (project-submissions.class.ts).
 */
export function ClaimActions({ claim, project, onDone }: { claim: Submission; project: Record<string, any>; onDone: (claim: Submission) => void }) {
  const { t } = useTranslation(NS);
  const actor = useClaimActor();
  // A retention release accepted before the defects liability date needs the approver's override and reason (issue 12 item 7).
  const needsOverride =
    isRetentionRelease(claim.completionType) &&
    retentionReleaseProblems({ dlpDate: project.dlpDate ? String(project.dlpDate).slice(0, 10) : null, now: regionDay(new Date()) }).length > 0;
  // "Submitted as version 2": the done message names the stored claim's version.
  const step = (action: SubmissionAction, extra: ActionExtra = {}): ActionExtra => ({
    primary: true,
    done: (saved) => t(`done.${action}`, { version: saved.version }),
    ...extra,
  });
  const reject: ActionExtra = {
    primary: false,
    danger: true,
    // The reason's own dialog ids: `claim-reject-reason` on the field, `claim-reject-confirm` on its button.
    dialogTestId: "claim-reject",
    fields: (
      <Form.Item
        name="reason"
        label={t("reject.reason")}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_rule, value) =>
              isValidRejectReason(value) ? undefined : Promise.reject(new Error(t("rules.reason", { max: rejectReasonMaxLength }))),
          },
        ]}
      >
        <Input.TextArea rows={3} maxLength={rejectReasonMaxLength} showCount placeholder={t("reject.placeholder")} data-testid="claim-reject-reason" />
      </Form.Item>
    ),
    payload: (values) => ({ reason: values.reason.trim() }),
  };
  const override: ActionExtra = {
    fields: (
      <Form.Item
        name="releaseOverrideReason"
        label={t("form.overrideReason")}
        extra={t("confirm.override")}
        validateTrigger="onBlur"
        rules={[{ required: true, whitespace: true, max: releaseOverrideReasonMaxLength, message: t("rules.reason", { max: releaseOverrideReasonMaxLength }) }]}
      >
        <Input.TextArea rows={3} maxLength={releaseOverrideReasonMaxLength} data-testid="claim-override-reason" />
      </Form.Item>
    ),
    payload: (values) => ({ releaseOverrideReason: values.releaseOverrideReason.trim() }),
  };
  return (
    <WorkflowActionBar
      resource={SUBMISSIONS}
      sendAs="patch"
      workflow={submissionWorkflow}
      record={claim}
      facts={claimFacts(claim, project, "reason to be asked")}
      actor={actor}
      extras={{
        submit: step("submit"),
        resubmit: step("resubmit"),
        accept: step("accept", needsOverride ? override : {}),
        reject: step("reject", reject),
      }}
      testIdPrefix="claim-"
      cancelText={t("form.close")}
      onDone={(saved) => onDone(saved as Submission)}
    />
  );
}
