import { useInvalidate, useResourceParams } from "@refinedev/core";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { accountWorkflow, effectiveState } from "./account";
import type { UserRecord } from "./user-kind";
import { currentAbility } from "../../providers/access-control";
import { WorkflowActionBar, type ActionExtra } from "../workflow/WorkflowActionBar";
import { useSession } from "../../providers/session";

const DANGER = new Set(["lock", "disable"]);

/** The account actions open from the user's state (workflow table) that the ability allows. */
export function useAccountActions(record: UserRecord | undefined): string[] {
  // Re-evaluate when the rules change (region switch, new sign-in).
  useSession((s) => s.rules);
  const me = useSession((s) => s.user?.id);
  // Locking or disabling one's own account would end the session mid-action.
  if (!record || String(record.id) === String(me)) return [];
  const ability = currentAbility();
  return accountWorkflow.actionsFrom(effectiveState(record)).filter((action) => ability.can(action, subject("users", { ...record })));
}

export interface AccountActionsProps {
  record: UserRecord;
  size?: "small" | "middle";
  onDone?: (user: UserRecord) => void;
}

/**
 * Invite / lock / unlock / enable / disable, each behind a confirmation naming the account, drawn
 * by the shared bar from the table (no guards) and the actions the caller's ability allows.
 */
export function AccountActions({ record, size = "small", onDone }: AccountActionsProps) {
  const { t } = useTranslation(["users", "common"]);
  const invalidate = useInvalidate();
  const { identifier } = useResourceParams();
  const actions = useAccountActions(record);

  const extras = Object.fromEntries(
    accountWorkflow.actions.map(({ action }): [string, ActionExtra] => [
      action,
      {
        danger: DANGER.has(action),
        confirm: t(`users:confirm.${action}.title`),
        description: t(`users:confirm.${action}.message`, { name: `${record.displayName} (${record.username})` }),
        done: t(`users:actionDone.${action}`, { name: record.username }),
      },
    ]),
  );

  const done = async (user: Record<string, any>) => {
    // Query keys follow the route's entry (users / vendor-users / tenant-users).
    const entries = new Set(["users", identifier ?? "users"]);
    await Promise.all([...entries].map((resource) => invalidate({ resource, invalidates: ["list", "detail", "many"], id: record.id })));
    onDone?.(user as UserRecord);
  };

  if (!actions.length) return null;
  return (
    <WorkflowActionBar
      resource="users"
      namespace="users"
      workflow={accountWorkflow}
      record={record}
      state={effectiveState(record)}
      only={actions}
      extras={extras}
      testIdPrefix="account-"
      cancelText={t("common:buttons.cancel")}
      size={size}
      gap={4}
      onDone={(user) => void done(user)}
    />
  );
}
