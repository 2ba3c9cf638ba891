import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import {
  tenantProjectWorkflow,
  type TenantProjectState,
} from "../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-project.workflow";
import { tenantProjectLimits } from "../../../../../backend/src/modules/tenant-projects/services/tenant-projects/tenant-projects.shared";
import { WorkflowActionBar, type ActionExtra } from "../../../components/workflow/WorkflowActionBar";

/**
 * The project's workflow buttons, drawn from the table and the caller's abilities (the same the
 * server moves it with): submit, accept and complete after a confirmation; withdraw and cancel
 * ask why (spec §4 "withdraw (with a reason)").
 */
export function TenantProjectActions({ record, onDone }: { record: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("tenant-projects");
  const facts = { status: record.status as TenantProjectState, tenancyId: record.tenancyId };
  const reason: ActionExtra = {
    danger: true,
    fields: (
      <Form.Item name="reason" label={t("fields.statusReason")} rules={[{ required: true, whitespace: true, message: t("reasonRequired") }]}>
        <Input.TextArea rows={3} maxLength={tenantProjectLimits.reason} showCount data-testid="tenant-project-reason-reason" />
      </Form.Item>
    ),
    payload: (values) => ({ reason: values.reason.trim() }),
  };
  // The table names the actions whose validator asks why; every other one is a confirmed step.
  const extras = Object.fromEntries(
    tenantProjectWorkflow.actions.map(({ action }) => [action, tenantProjectWorkflow.requiresReason(action) ? reason : { primary: true }]),
  );
  return (
    <WorkflowActionBar
      resource="tenant-projects"
      workflow={tenantProjectWorkflow}
      record={record}
      facts={facts}
      extras={extras}
      testIdPrefix="tenant-project-"
      subject={record.projectName}
      confirmText={t("actions.confirm")}
      cancelText={t("actions.back")}
      onDone={onDone}
      dialogTestId="tenant-project-reason"
    />
  );
}
