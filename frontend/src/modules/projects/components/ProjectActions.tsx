import { subject } from "@casl/ability";
import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../providers/access-control";
import { projectWorkflow, type ProjectState } from "../../../../../backend/src/modules/projects/services/projects/project.workflow";
import { WorkflowActionBar } from "../../../components/workflow/WorkflowActionBar";
import { ProjectEdit } from "./ProjectEdit";
import { ChangeManager } from "./ChangeManager";

/**
 * The project's buttons: its edit while the workflow's `editable` phase and the update grant
 * allow it, and the workflow's actions open from its status for this user (the same table and
 * CASL rules the server moves it with).
 */
export function ProjectActions({ record, onDone }: { record: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("projects");
  const facts = { status: record.status as ProjectState, managedBy: record.managedBy ?? null, companyId: record.companyId };
  const mayEdit = projectWorkflow.isIn("editable", record.status) && currentAbility().can("update", subject("projects", { ...facts }));
  return (
    <Space wrap>
      {mayEdit && <ProjectEdit record={record} onDone={onDone} />}
      <WorkflowActionBar
        resource="projects"
        workflow={projectWorkflow}
        record={record}
        facts={facts}
        extras={{ activate: { primary: true }, complete: { primary: true }, cancel: { danger: true } }}
        testIdPrefix="project-"
        // Named by the project's number: "Could not complete the project “PO-1234”".
        subject={record.number}
        confirmText={t("actions.confirm")}
        cancelText={t("actions.back")}
        onDone={onDone}
      />
      <ChangeManager record={record} onDone={onDone} />
    </Space>
  );
}
