import { useState } from "react";
import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { ReasonDialog } from "../../../components/ReasonDialog";
import {
  tenantProjectWorkflow,
  type TenantProjectState,
} from "../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-project.workflow";
import { tenantProjectLimits } from "../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-projects.shared";
import { tenantProjectMethod } from "./api";

/**
 * The project's workflow buttons, drawn from the table and the caller's abilities (the same the
 * server moves it with): submit, accept and complete after a confirmation; withdraw and cancel
 * ask why (spec §4 "withdraw (with a reason)").
 */
export function TenantProjectActions({ record, onDone }: { record: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("tenant-projects");
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const facts = { status: record.status as TenantProjectState, tenancyId: record.tenancyId };
  const actions = tenantProjectWorkflow.actionsFrom(facts.status, facts, { ability: currentAbility() });
  const run = async (action: string, extra: Record<string, unknown> = {}) => {
    setBusy(action);
    try {
      await tenantProjectMethod(action, { id: record.id, updatedAt: record.updatedAt, ...extra });
      notifySuccess(t(`done.${action}`));
      setAsking(null);
      onDone();
    } catch (error) {
      notifyError(`tenant-projects.${action}`, error, record.projectName);
    } finally {
      setBusy(null);
    }
  };
  if (!actions.length) return null;
  return (
    <Space wrap>
      {actions.map((action) =>
        tenantProjectWorkflow.requiresReason(action) ? (
          <Button key={action} danger loading={busy === action} onClick={() => setAsking(action)} data-testid={`tenant-project-${action}`}>
            {t(`actions.${action}`)}
          </Button>
        ) : (
          <Popconfirm key={action} title={t(`confirm.${action}`)} okText={t("actions.confirm")} cancelText={t("actions.back")} onConfirm={() => run(action)}>
            <Button type="primary" loading={busy === action} data-testid={`tenant-project-${action}`}>
              {t(`actions.${action}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`actions.${asking}`) : ""}
        cancelText={t("actions.back")}
        label={t("fields.statusReason")}
        maxLength={tenantProjectLimits.reason}
        valid={(reason) => Boolean(reason?.trim())}
        invalid={t("reasonRequired")}
        busy={busy !== null}
        testId="tenant-project-reason"
        onSubmit={(reason) => asking && void run(asking, { reason })}
        onCancel={() => setAsking(null)}
      />
    </Space>
  );
}
