import { subject } from "@casl/ability";
import { currentAbility } from "../../../providers/access-control";
import { session } from "../../../providers/session";
import { hotbWorkflow, type HotbFacts, type HotbState } from "../../../../../backend/src/modules/handover/services/hotb/hotb.workflow";

export { hotbWorkflow, hotbStates, type HotbAction, type HotbState } from "../../../../../backend/src/modules/handover/services/hotb/hotb.workflow";

/** The columns the record's rules read (its "own" columns and state). */
export const hotbFacts = (record: Record<string, any>): HotbFacts => ({
  status: record.status as HotbState,
  tenancyId: record.tenancyId,
  managedBy: record.managedBy ?? null,
  region: record.region,
});

/** The record as the table's guards read it: its rules' columns and the approver it was submitted to. */
export const hotbGuardFacts = (record: Record<string, any>): HotbFacts => ({ ...hotbFacts(record), approverId: record.approverId ?? null });

/** The caller as the table's guards read them: their id (the approver's answer) and abilities. */
export const hotbActor = () => ({ id: Number(session.get().user?.id), ability: currentAbility() });

/** The workflow buttons the caller may press on the record: the table and the caller's abilities, as the server moves it. */
export const hotbActionsFor = (record: Record<string, any>) => hotbWorkflow.actionsFrom(record.status as HotbState, hotbGuardFacts(record), hotbActor());

/** Whether the caller may edit the record's information and lines as the server decides: `update`, on a record they are in charge of (PIC) or with `updateOthers`. */
function updates(record: Record<string, any>): boolean {
  const ability = currentAbility();
  const facts = subject("hotb", { ...hotbFacts(record) });
  if (!ability.can("update", facts)) return false;
  const me = session.get().user?.id;
  return (me !== undefined && String(record.managedBy) === String(me)) || ability.can("updateOthers", facts);
}

/** Whether the caller may edit the record's information, schedule and key lines now: while the table calls its state editable. */
export const mayEditHotb = (record: Record<string, any>) => hotbWorkflow.isIn("editable", record.status) && updates(record);

/** Whether the caller may record a takeback's key outcomes now: while editable, and once it is marked unsigned. */
export const maySettleKeys = (record: Record<string, any>) => record.type === "TAKEBACK" && hotbWorkflow.isIn("settlable", record.status) && updates(record);

/** Whether the caller may add and remove photos now (issue 31 §4): on site too, so while settlable (marked unsigned included). */
export const mayTakePhotos = (record: Record<string, any>) => hotbWorkflow.isIn("settlable", record.status) && updates(record);

/** Whether the caller may mark a takeback's items deteriorated and turn them into deductions now (issue 31 §5). */
export const mayMarkDeterioration = (record: Record<string, any>) => record.type === "TAKEBACK" && mayTakePhotos(record);

/** Whether the caller may upload or remove the record's documents of some kind now (hotb-documents.shared.ts says which kind when). */
export const mayChangeHotbDocuments = (record: Record<string, any>, kindAllowed: (status: string) => boolean) => kindAllowed(record.status) && updates(record);
