import { useState } from "react";
import { Button, Popconfirm, Space } from "antd";
import { useInvalidate, useResourceParams } from "@refinedev/core";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { accountWorkflow, effectiveState } from "./account";
import type { UserRecord } from "./user-kind";
import { dataProvider } from "../../providers/data-provider";
import { currentAbility } from "../../providers/access-control";
import { notifyError, notifySuccess } from "../../providers/notifications";
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

/** Invite / lock / unlock / enable / disable, each behind a confirmation. */
export function AccountActions({ record, size = "small", onDone }: AccountActionsProps) {
  const { t } = useTranslation(["users", "common"]);
  const invalidate = useInvalidate();
  const { identifier } = useResourceParams();
  const [busy, setBusy] = useState<string | null>(null);
  const actions = useAccountActions(record);

  const run = async (action: string) => {
    setBusy(action);
    try {
      // Feathers custom method: POST to the service with X-Service-Method, answering the user.
      const { data } = await dataProvider.custom!({
        url: "users",
        method: "post",
        payload: { id: record.id, updatedAt: record.updatedAt },
        headers: { "X-Service-Method": action },
        meta: { action: `users.${action}`, operation: `users.${action}` },
      });
      notifySuccess(t(`users:actionDone.${action}`, { name: record.username }));
      // Query keys follow the route's entry (users / vendor-users / tenant-users).
      const entries = new Set(["users", identifier ?? "users"]);
      await Promise.all([...entries].map((resource) => invalidate({ resource, invalidates: ["list", "detail", "many"], id: record.id })));
      onDone?.(data as unknown as UserRecord);
    } catch (error) {
      notifyError(`users.${action}`, error);
    } finally {
      setBusy(null);
    }
  };

  if (!actions.length) return null;
  return (
    <Space size={4} wrap>
      {actions.map((action) => (
        <Popconfirm
          key={action}
          title={t(`users:confirm.${action}.title`)}
          description={t(`users:confirm.${action}.message`, { name: `${record.displayName} (${record.username})` })}
          okText={t(`users:actions.${action}`)}
          cancelText={t("common:buttons.cancel")}
          okButtonProps={{ danger: DANGER.has(action) }}
          onConfirm={() => run(action)}
        >
          <Button size={size} danger={DANGER.has(action)} loading={busy === action} data-testid={`account-${action}`}>
            {t(`users:actions.${action}`)}
          </Button>
        </Popconfirm>
      ))}
    </Space>
  );
}
