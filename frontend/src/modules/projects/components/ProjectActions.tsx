import { useState } from "react";
import { subject } from "@casl/ability";
import { Button, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { projectWorkflow, type ProjectState } from "../../../../../backend/src/modules/projects/services/projects/project.workflow";
import { projectMethod } from "./api";
import { ProjectEdit } from "./ProjectEdit";
import { ChangeManager } from "./ChangeManager";

/**
 * The project's buttons: its edit while the workflow's `editable` phase and the update grant
 * allow it, and the workflow's actions open from its status for this user (the same table and
 * CASL rules the server moves it with).
 */
export function ProjectActions({ record, onDone }: { record: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("projects");
  const [busy, setBusy] = useState<string | null>(null);
  const ability = currentAbility();
  const facts = { status: record.status as ProjectState, managedBy: record.managedBy ?? null, companyId: record.companyId };
  const actions = projectWorkflow.actionsFrom(facts.status, facts, { ability });
  const mayEdit = projectWorkflow.isIn("editable", record.status) && ability.can("update", subject("projects", { ...facts }));
  const run = async (action: string) => {
    setBusy(action);
    try {
      await projectMethod(action, { id: record.id, updatedAt: record.updatedAt });
      notifySuccess(t(`done.${action}`));
      onDone();
    } catch (error) {
      // Named by the project's number: "Could not complete the project “PO-1234”".
      notifyError(`projects.${action}`, error, record.number);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space wrap>
      {mayEdit && <ProjectEdit record={record} onDone={onDone} />}
      {actions.map((action) => (
        <Popconfirm key={action} title={t(`confirm.${action}`)} okText={t("actions.confirm")} cancelText={t("actions.back")} onConfirm={() => run(action)}>
          <Button type={action === "cancel" ? "default" : "primary"} danger={action === "cancel"} loading={busy === action} data-testid={`project-${action}`}>
            {t(`actions.${action}`)}
          </Button>
        </Popconfirm>
      ))}
      <ChangeManager record={record} onDone={onDone} />
    </Space>
  );
}
