import { subject } from "@casl/ability";
import { currentAbility } from "../../../providers/access-control";
import { hotbWorkflow, type HotbFacts, type HotbState } from "../../../../../backend/src/modules/handover/services/hotb/hotb.workflow";

export { hotbWorkflow, hotbStates, type HotbAction, type HotbState } from "../../../../../backend/src/modules/handover/services/hotb/hotb.workflow";

/** The columns the record's rules read (its "own" columns and state). */
export const hotbFacts = (record: Record<string, any>): HotbFacts => ({
  status: record.status as HotbState,
  tenancyId: record.tenancyId,
  managedBy: record.managedBy ?? null,
  region: record.region,
});

/** The workflow buttons the caller may press on the record: the table and the caller's abilities, as the server moves it. */
export const hotbActionsFor = (record: Record<string, any>) =>
  hotbWorkflow.actionsFrom(record.status as HotbState, hotbFacts(record), { ability: currentAbility() });

/**
 * Whether the caller may edit the record's information, schedule and key lines now: while the
 * table calls its state editable, by staff who may update it (their own as PIC with `update`,
 * another's with `updateOthers`).
 */
export function mayEditHotb(record: Record<string, any>): boolean {
  if (!hotbWorkflow.isIn("editable", record.status)) return false;
  const ability = currentAbility();
  const facts = subject("hotb", { ...hotbFacts(record) });
  return ability.can("update", facts) || ability.can("updateOthers", facts);
}
