import { Form, Input } from "antd";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useTenderActor } from "./api";
import { addendumWorkflow, mayDiscardAddendum, tenderWorkflow, type TenderState } from "./rules";
import { tenderPath } from "./paths";
import { ActionButtons, type TenderAction } from "./ActionButtons";
import { ApproverField, ReasonField } from "./ActionFields";

type AddendumAction = "submit" | "approve" | "reject" | "reset" | "issue";

const factsOf = (record: Record<string, any>) => ({
  status: record.status as TenderState,
  managedBy: record.managedBy,
  // The approver is chosen in the submit dialog: stand in for "someone else" to draw the button.
  approverId: record.addendumStatus === "DRAFT" ? "approver-to-choose" : record.approverId,
  version: Number(record.version ?? 0),
  closingAt: record.closingAt,
  addendumStatus: record.addendumStatus,
  now: new Date(),
});

/** The pending addendum's actions open to this user: addendumWorkflow's table and the user's rules, as the server decides. */
export function useAddendumActions(record: Record<string, any> | undefined): AddendumAction[] {
  const actor = useTenderActor();
  if (!record?.addendumStatus || record.status !== "ISSUED" || !actor) return [];
  return addendumWorkflow.actionsFrom(record.addendumStatus, factsOf(record), actor) as AddendumAction[];
}

/** "Create addendum" on an ISSUED tender before closing, for whoever the tender workflow lets amend it. */
export function CreateAddendumButton({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("tender-revisions");
  const actor = useTenderActor();
  const navigate = useNavigate();
  if (!actor || !tenderWorkflow.can(record.status as TenderState, "addendum", factsOf(record), actor)) return null;
  const create: TenderAction = {
    name: "addendum",
    method: "addendum",
    label: t("actions.create"),
    testId: "addendum-create",
    confirm: t("confirm.create"),
    done: (created) => t("done.create", { version: created.version }),
    then: () => navigate(`/tender/addendum/edit/${record.id}`),
  };
  return <ActionButtons record={record} actions={[create]} />;
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
  const actions = useAddendumActions(record);
  const actor = useTenderActor();
  const navigate = useNavigate();
  const discardable = Boolean(actor && mayDiscardAddendum(factsOf(record), actor));

  const step = (name: AddendumAction, rest: Partial<TenderAction> = {}): TenderAction => ({
    name,
    method: `${name}Addendum`,
    label: t(`actions.${name}`),
    testId: `addendum-${name}`,
    done: t(`done.${name}`),
    confirm: t(`confirm.${name}`),
    ...rest,
  });
  const steps: Record<AddendumAction, TenderAction> = {
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
  const discard: TenderAction = {
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

  const shown = [...actions.map((name) => steps[name]), ...(discardable ? [discard] : [])];
  return <ActionButtons record={record} actions={shown} beforeSubmit={beforeSubmit} onDone={onDone} onError={onError} dialogTestId="addendum-dialog" />;
}
