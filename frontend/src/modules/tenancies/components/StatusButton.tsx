import { useState } from "react";
import { Button, Popconfirm } from "antd";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { tenancyWorkflow } from "../../../../../backend/src/modules/tenancies/services/tenancies/tenancy.workflow";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { tenancyMethod } from "./api";

/** The status call (spec §4): the button the workflow table opens from the record's status, for those with changeStatus. */
export function StatusButton({ record, onDone }: { record: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("tenancies");
  const { data: may } = useCan({ resource: "tenancies", action: "changeStatus" });
  const [busy, setBusy] = useState(false);
  const action = tenancyWorkflow.actionsFrom(record.status)[0];
  if (!may?.can || !action) return null;
  const to = action === "activate" ? "active" : "inactive";
  return (
    <Popconfirm
      title={t(`confirm.${action}`)}
      okText={t("actions.confirm")}
      cancelText={t("actions.cancel")}
      onConfirm={async () => {
        setBusy(true);
        try {
          await tenancyMethod("changeStatus", { id: record.id, updatedAt: record.updatedAt, status: to });
          notifySuccess(t(`done.${action}`));
          onDone();
        } catch (error) {
          notifyError("tenancies.changeStatus", error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button loading={busy} data-testid="status-button">
        {t(`actions.${action}`)}
      </Button>
    </Popconfirm>
  );
}
