import { useTranslation } from "react-i18next";
import { currentAbility } from "../../providers/access-control";
import { useSession } from "../../providers/session";
import { ActionButtons, type ActionButtonsProps, type ActionStep } from "./ActionButtons";

/** The part of a `defineWorkflow` table the bar reads (backend/src/kit/workflow.ts). */
export interface DrawnWorkflow {
  actionsFrom(state: any, facts?: any, actor?: any): string[];
  actions: readonly { action: string; system?: boolean }[];
}

/** What one action asks for besides its label, question and done message (all from i18n by default). */
export type ActionExtra = Partial<Omit<ActionStep, "name">>;

export interface WorkflowActionBarProps extends Omit<ActionButtonsProps, "steps" | "cancelText"> {
  workflow: DrawnWorkflow;
  /** The i18n namespace of `actions.<action>`, `confirm.<action>`, `done.<action>` (default: the resource). */
  namespace?: string;
  /** The state the table moves (default the record's `status`). */
  state?: string;
  /** The record as the table's guards read it (default the record). */
  facts?: object;
  /** The caller as the guards read them (default: the session's CASL ability); null draws nothing. */
  actor?: object | null;
  /** The table's actions this bar draws, in the table's order (others are drawn elsewhere); default every one. */
  only?: readonly string[];
  /** Per action: its dialog, its look, another method or test id. */
  extras?: Record<string, ActionExtra>;
  /** Steps that are no move of the table (handing a record over), drawn after it. */
  more?: ActionStep[];
  /** `<testIdPrefix><action>` on each button. */
  testIdPrefix: string;
  cancelText?: string;
}

/**
 * A record's workflow buttons drawn from its transitions table and the caller's abilities, the
 * same the server moves it with: the actions open from the record's state whose guards let the
 * caller take them. Each calls the resource's custom method of the action's name (or, with
 * `sendAs: "patch"`, patches the record with that `action`).
 */
export function WorkflowActionBar({
  workflow,
  namespace,
  state,
  facts,
  actor,
  only,
  extras = {},
  more = [],
  testIdPrefix,
  cancelText,
  ...buttons
}: WorkflowActionBarProps) {
  const { t } = useTranslation(namespace ?? buttons.resource);
  // Subscribed to the rules so that the buttons are drawn anew when the caller's grants change.
  useSession((s) => s.rules);
  const caller = actor === undefined ? { ability: currentAbility() } : actor;
  if (!caller) return null;
  // Jobs' moves (closing, expiry) are in the table for the server; no button shows them.
  const systemMoves = new Set(workflow.actions.filter((action) => action.system).map((action) => action.action));
  const open = workflow
    .actionsFrom(state ?? buttons.record.status, facts ?? buttons.record, caller)
    .filter((action) => !systemMoves.has(action) && (!only || only.includes(action)));
  const steps = open.map((action): ActionStep => ({
    name: action,
    method: action,
    label: t(`actions.${action}`),
    testId: `${testIdPrefix}${action}`,
    done: t(`done.${action}`),
    confirm: t(`confirm.${action}`),
    ...extras[action],
  }));
  return <ActionButtons {...buttons} steps={[...steps, ...more]} cancelText={cancelText ?? t("actions.close")} />;
}
