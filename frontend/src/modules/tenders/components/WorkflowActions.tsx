import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useRegionTimeZone, useTenderActor } from "./api";
import { isTenderIn, permitted, tenderWorkflow, type TenderState } from "./rules";
import { ActionButtons, type TenderAction } from "./ActionButtons";
import { ApproverField, ClosingFields, ManagerField, ReasonField, VendorsField, closingAtOf } from "./ActionFields";
import { Slot } from "../../Slot";
import { useSession } from "../../../providers/session";

const SHOWN = ["submit", "approve", "reject", "reset", "issue", "extend", "open", "cancel", "changeManager"] as const;
type Shown = (typeof SHOWN)[number];

/** The actions open from the tender's state for this user: tenderWorkflow's table + the user's rules. */
export function useTenderActions(record: Record<string, any> | undefined): Shown[] {
  const actor = useTenderActor();
  if (!record || !actor) return [];
  const facts = {
    status: record.status as TenderState,
    managedBy: record.managedBy,
    // The approver is chosen in the submit dialog: stand in for "someone else" to draw the button.
    approverId: record.status === "DRAFT" ? "approver-to-choose" : record.approverId,
    version: Number(record.version ?? 0),
    closingAt: record.closingAt,
    addendumStatus: record.addendumStatus,
    now: new Date(),
  };
  const workflow = tenderWorkflow.actionsFrom(facts.status, facts, actor).filter((a): a is Shown => (SHOWN as readonly string[]).includes(a));
  // Handing the tender over is no workflow step: the status stays; it needs tenders:changeManager.
  // A decided tender keeps its person in charge (the server refuses the change too).
  const handOver = !isTenderIn("decided", facts.status) && permitted(facts, actor, "changeManager");
  return handOver ? [...workflow, "changeManager"] : workflow;
}

export interface WorkflowActionsProps {
  record: Record<string, any>;
  /** Runs before a submission (the edit screen saves first); answers the record's updatedAt. */
  beforeSubmit?: () => Promise<unknown>;
  onDone: (record: Record<string, any>) => void;
  /** Replaces the error toast; `operation` is the step's error catalogue key. */
  onError?: (operation: string, error: unknown) => void;
}

/** The tender's workflow buttons: which steps are open, and what each asks for before it runs. */
export function WorkflowActions({ record, beforeSubmit, onDone, onError }: WorkflowActionsProps) {
  const { t } = useTranslation("tenders");
  const shown = useTenderActions(record);
  const me = useSession((s) => s.user?.id);
  const timeZone = useRegionTimeZone();
  const navigate = useNavigate();

  const step = (name: Shown, rest: Partial<TenderAction> = {}): TenderAction => ({
    name,
    method: name,
    label: t(`actions.${name}`),
    testId: `tender-${name}`,
    done: t(`done.${name}`),
    confirm: t(`confirm.${name}`),
    ...rest,
  });
  const steps: Record<Shown, TenderAction> = {
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
        <>
          <VendorsField />
          {/* Other modules' fields: the vendors' standing (projects, vendor performance). */}
          <Slot name="tenders.issue" />
        </>
      ),
      // An override reason goes only when a slot's field asked for it (a vendor of Very Poor standing).
      payload: (values) => ({ vendorIds: values.vendorIds, ...(values.overrideReason ? { overrideReason: values.overrideReason } : {}) }),
    }),
    extend: step("extend", {
      fields: (
        <>
          <ClosingFields />
          <ReasonField />
        </>
      ),
      payload: (values) => ({ closingAt: closingAtOf(values, timeZone), reason: values.reason }),
    }),
    open: step("open", { primary: true }),
    cancel: step("cancel", { danger: true }),
    changeManager: step("changeManager", {
      fields: <ManagerField managedBy={record.managedBy} />,
      payload: (values) => ({ userId: values.userId }),
      // Handed to someone else, the tender may no longer be the user's to read: back to the list.
      then: (result) => (String(result.managedBy) !== String(me) ? navigate("/tenders") : onDone(result)),
    }),
  };

  return (
    <ActionButtons
      record={record}
      actions={shown.map((name) => steps[name])}
      beforeSubmit={beforeSubmit}
      onDone={onDone}
      onError={onError}
      dialogTestId="workflow-dialog"
    />
  );
}
