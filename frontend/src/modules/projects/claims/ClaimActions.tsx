import { useState } from "react";
import { Button, Form, Input, Modal, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { isRetentionRelease, retentionReleaseProblems } from "../../../../../backend/src/modules/projects/claims/claim-rules.shared";
import { regionDay } from "../../../components/format";
import {
  isValidRejectReason,
  rejectReasonMaxLength,
  submissionWorkflow,
  type SubmissionAction,
} from "../../../../../backend/src/modules/projects/claims/submission.workflow";
import { claimFacts, moveClaim, SUBMISSIONS, useClaimActor, type Submission } from "./api";
import { ReasonDialog } from "../../../components/ReasonDialog";

const NS = "project-submissions";

/** The steps open to the user on the claim, from the workflow table and the user's rules (reject stands in with a reason to come). */
export function useClaimActions(claim: Submission | undefined, project: Record<string, any>): SubmissionAction[] {
  const actor = useClaimActor();
  if (!claim || !actor) return [];
  return submissionWorkflow.actionsFrom(claim.status, claimFacts(claim, project, "reason to be asked"), actor) as SubmissionAction[];
}

/**
 * The claim's workflow buttons (spec §4): submit and resubmit for its vendor, accept and reject
 * (with a reason) for the staff in charge; each confirmed, then answered with the stored claim.
 */
export function ClaimActions({ claim, project, onDone }: { claim: Submission; project: Record<string, any>; onDone: (claim: Submission) => void }) {
  const { t } = useTranslation(NS);
  const actions = useClaimActions(claim, project);
  const [busy, setBusy] = useState<SubmissionAction | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [overriding, setOverriding] = useState(false);
  const [overrideForm] = Form.useForm<{ releaseOverrideReason: string }>();
  // A retention release accepted before the defects liability date needs the approver's override and reason (issue 12 item 7).
  const needsOverride =
    isRetentionRelease(claim.completionType) &&
    retentionReleaseProblems({ dlpDate: project.dlpDate ? String(project.dlpDate).slice(0, 10) : null, now: regionDay(new Date()) }).length > 0;
  if (actions.length === 0) return null;

  const run = async (action: SubmissionAction, extra: Record<string, unknown> = {}) => {
    setBusy(action);
    try {
      const saved = await moveClaim(claim, action, extra);
      notifySuccess(t(`done.${action}`, { version: saved.version }));
      setRejecting(false);
      setOverriding(false);
      onDone(saved);
    } catch (error) {
      notifyError(`${SUBMISSIONS}.${action}`, error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Space wrap>
        {actions.map((action) =>
          action === "accept" && needsOverride ? (
            <Button
              key={action}
              type="primary"
              loading={busy === action}
              onClick={() => {
                overrideForm.resetFields();
                setOverriding(true);
              }}
              data-testid="claim-accept"
            >
              {t("actions.accept")}
            </Button>
          ) : action === "reject" ? (
            <Button key={action} danger loading={busy === action} onClick={() => setRejecting(true)} data-testid="claim-reject">
              {t("actions.reject")}
            </Button>
          ) : (
            <Popconfirm key={action} title={t(`confirm.${action}`)} okText={t(`actions.${action}`)} cancelText={t("form.close")} onConfirm={() => run(action)}>
              <Button type="primary" loading={busy === action} data-testid={`claim-${action}`}>
                {t(`actions.${action}`)}
              </Button>
            </Popconfirm>
          ),
        )}
      </Space>
      <ReasonDialog
        open={rejecting}
        title={t("actions.reject")}
        cancelText={t("form.close")}
        label={t("reject.reason")}
        placeholder={t("reject.placeholder")}
        maxLength={rejectReasonMaxLength}
        valid={isValidRejectReason}
        invalid={t("rules.reason")}
        busy={busy === "reject"}
        testId="claim-reject"
        onSubmit={(reason) => run("reject", { reason })}
        onCancel={() => setRejecting(false)}
      />
      <Modal
        open={overriding}
        title={t("actions.accept")}
        okText={t("actions.accept")}
        cancelText={t("form.close")}
        confirmLoading={busy === "accept"}
        onOk={() => overrideForm.submit()}
        onCancel={() => setOverriding(false)}
        destroyOnHidden
        forceRender
      >
        <Form
          form={overrideForm}
          layout="vertical"
          validateTrigger="onBlur"
          onFinish={(values) => run("accept", { releaseOverrideReason: values.releaseOverrideReason.trim() })}
        >
          <Form.Item
            name="releaseOverrideReason"
            label={t("form.overrideReason")}
            extra={t("confirm.override")}
            rules={[{ required: true, whitespace: true, max: 1000, message: t("rules.reason") }]}
          >
            <Input.TextArea rows={3} maxLength={1000} data-testid="claim-override-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
