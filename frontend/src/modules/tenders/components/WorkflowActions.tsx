import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useRegionTimeZone, useTenderActor } from "./api";
import { isTenderIn, permitted, tenderWorkflow, type TenderState } from "./rules";
import { ApproverField, ClosingFields, ManagerField, ReasonField, VendorsField, closingAtOf } from "./ActionFields";
import { Slot } from "../../Slot";
import { useSession } from "../../../providers/session";
import { WorkflowActionBar, type ActionExtra } from "../../../components/workflow/WorkflowActionBar";
import type { ActionStep } from "../../../components/workflow/ActionButtons";

// The tender's own steps; creating an addendum has its own button (CreateAddendumButton).
const SHOWN = ["submit", "approve", "reject", "reset", "issue", "extend", "open", "cancel"];

/** The tender as the workflow's guards read it; `choosingApprover` while the approver is still to be picked in the submit dialog. */
export const tenderFactsOf = (record: Record<string, any>, choosingApprover: boolean) => ({
  status: record.status as TenderState,
  managedBy: record.managedBy,
  // Stands in for "someone else" so that the submit button is drawn before the approver is chosen.
  approverId: choosingApprover ? "approver-to-choose" : record.approverId,
  version: Number(record.version ?? 0),
  closingAt: record.closingAt,
  addendumStatus: record.addendumStatus,
  now: new Date(),
});

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
  const actor = useTenderActor();
  const me = useSession((s) => s.user?.id);
  const timeZone = useRegionTimeZone();
  const navigate = useNavigate();
  const facts = tenderFactsOf(record, record.status === "DRAFT");

  const extras: Record<string, ActionExtra> = {
    submit: {
      primary: true,
      saveFirst: true,
      fields: <ApproverField managedBy={record.managedBy} />,
      payload: (values) => ({ approverId: values.approverId }),
    },
    approve: { primary: true },
    reject: { fields: <ReasonField />, payload: (values) => ({ reason: values.reason }) },
    issue: {
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
    },
    extend: {
      fields: (
        <>
          <ClosingFields />
          <ReasonField />
        </>
      ),
      payload: (values) => ({ closingAt: closingAtOf(values, timeZone), reason: values.reason }),
    },
    open: { primary: true },
    cancel: { danger: true },
  };

  // Handing the tender over is no workflow step: the status stays; it needs tenders:changeManager.
  // A decided tender keeps its person in charge (the server refuses the change too).
  const handOver: ActionStep = {
    name: "changeManager",
    method: "changeManager",
    label: t("actions.changeManager"),
    testId: "tender-changeManager",
    done: t("done.changeManager"),
    fields: <ManagerField managedBy={record.managedBy} />,
    payload: (values) => ({ userId: values.userId }),
    // Handed to someone else, the tender may no longer be the user's to read: back to the list.
    then: (result) => (String(result.managedBy) !== String(me) ? navigate("/tenders") : onDone(result)),
  };
  const mayHandOver = Boolean(actor) && !isTenderIn("decided", facts.status) && permitted(facts, actor!, "changeManager");

  return (
    <WorkflowActionBar
      resource="tenders"
      workflow={tenderWorkflow}
      record={record}
      facts={facts}
      actor={actor}
      only={SHOWN}
      extras={extras}
      more={mayHandOver ? [handOver] : []}
      testIdPrefix="tender-"
      beforeSubmit={beforeSubmit}
      onDone={onDone}
      onError={onError}
      dialogTestId="workflow-dialog"
    />
  );
}
