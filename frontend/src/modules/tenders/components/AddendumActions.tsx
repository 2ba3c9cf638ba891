import { Form, Input } from "antd";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useTenderActor } from "./api";
import { addendumWorkflow, mayDiscardAddendum, tenderWorkflow } from "./rules";
import { tenderPath } from "./paths";
import { ApproverField, ReasonField } from "./ActionFields";
import { tenderFactsOf } from "./WorkflowActions";
import { WorkflowActionBar, type ActionExtra } from "../../../components/workflow/WorkflowActionBar";
import type { ActionStep } from "../../../components/workflow/ActionButtons";

/** "Create addendum" on an ISSUED tender before closing, for whoever the tender workflow lets amend it. */
export function CreateAddendumButton({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("tender-revisions");
  const actor = useTenderActor();
  const navigate = useNavigate();
  const create: ActionExtra = {
    label: t("actions.create"),
    testId: "addendum-create",
    confirm: t("confirm.create"),
    done: (created) => t("done.create", { version: created.version }),
    then: () => navigate(`/tender/addendum/edit/${record.id}`),
  };
  return (
    <WorkflowActionBar
      resource="tenders"
      namespace="tender-revisions"
      workflow={tenderWorkflow}
      record={record}
      facts={tenderFactsOf(record, record.addendumStatus === "DRAFT")}
      actor={actor}
      only={["addendum"]}
      extras={{ addendum: create }}
      testIdPrefix="addendum-"
    />
  );
}

export interface AddendumActionsProps {
  record: Record<string, any>;
  /** Runs before a submission (the edit screen saves first); answers the record's updatedAt. */
  beforeSubmit?: () => Promise<unknown>;
  onDone: (record: Record<string, any>) => void;
  /** Replaces the error toast; `operation` is the step's error catalogue key. */
  onError?: (operation: string, error: unknown) => void;
}

/** Submit (to a chosen approver), approve, reject with a reason, reset, issue (with a comment), discard of a pending addendum. */
export function AddendumActions({ record, beforeSubmit, onDone, onError }: AddendumActionsProps) {
  const { t } = useTranslation("tender-revisions");
  const actor = useTenderActor();
  const navigate = useNavigate();
  const facts = tenderFactsOf(record, record.addendumStatus === "DRAFT");
  // An addendum's steps are the tender's custom methods of their own (submitAddendum, ...).
  const step = (action: string, rest: ActionExtra = {}): ActionExtra => ({ method: `${action}Addendum`, ...rest });
  const extras: Record<string, ActionExtra> = {
    submit: step("submit", {
      primary: true,
      saveFirst: true,
      fields: <ApproverField managedBy={record.managedBy} />,
      payload: (values) => ({ approverId: values.approverId }),
    }),
    approve: step("approve", { primary: true }),
    reject: step("reject", { fields: <ReasonField />, payload: (values) => ({ reason: values.reason }) }),
    reset: step("reset"),
    issue: step("issue", {
      primary: true,
      fields: (
        <Form.Item name="comment" label={t("fields.comment")} extra={t("issueHint")}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={4000} showCount data-testid="addendum-comment" />
        </Form.Item>
      ),
      payload: (values) => (values.comment?.trim() ? { comment: values.comment.trim() } : {}),
    }),
  };
  // Back to the issued version: the addendum screens no longer apply, the tender's own screen opens.
  const discard: ActionStep = {
    name: "discard",
    method: "discardAddendum",
    label: t("actions.discard"),
    testId: "addendum-discard",
    done: t("done.discard"),
    confirm: t("confirm.discard"),
    danger: true,
    errorKey: "tenders.discardAddendum",
    then: (result) => navigate(tenderPath(result)),
  };
  // An issued tender without a pending addendum has no addendum steps (a discard is asked of its own rule).
  const pending = Boolean(record.addendumStatus) && record.status === "ISSUED";
  return (
    <WorkflowActionBar
      resource="tenders"
      namespace="tender-revisions"
      workflow={addendumWorkflow}
      state={record.addendumStatus}
      record={record}
      facts={facts}
      actor={actor}
      only={pending ? undefined : []}
      extras={extras}
      more={actor && mayDiscardAddendum(facts, actor) ? [discard] : []}
      testIdPrefix="addendum-"
      beforeSubmit={beforeSubmit}
      onDone={onDone}
      onError={onError}
      dialogTestId="addendum-dialog"
    />
  );
}
