import { useState } from "react";
import { subject } from "@casl/ability";
import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Button, Form, Modal, Select } from "antd";
import { UserSwitchOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { projectWorkflow } from "../../../../../backend/src/modules/projects/services/projects/project.workflow";
import { projectMethod } from "./api";

/**
 * Spec §6 "change person in charge": for users holding `projects:changeManager` on this project,
 * while it is not closed; the new person is an enabled staff account (the server checks the region).
 */
export function ChangeManager({ record, onDone }: { record: Record<string, any>; onDone: () => void }) {
  const { t } = useTranslation("project-manager");
  const ability = currentAbility();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ managedBy: number }>();
  const allowed =
    !projectWorkflow.isIn("terminal", record.status) &&
    ability.can("changeManager", subject("projects", { status: record.status, managedBy: record.managedBy ?? null, companyId: record.companyId }));
  const { selectProps } = useSelect<BaseRecord>({
    resource: "users",
    optionLabel: ((user: BaseRecord) => (user.displayName ? `${user.displayName} (${user.username})` : user.username)) as never,
    optionValue: "id" as never,
    filters: [
      { field: "userType", operator: "gte", value: 500 },
      { field: "userType", operator: "lt", value: 600 },
      { field: "enabled", operator: "eq", value: true },
    ],
    sorters: [{ field: "displayName", order: "asc" }],
    pagination: { pageSize: 50, mode: "server" },
    onSearch: (text) => [{ field: "displayName", operator: "contains", value: text }],
    queryOptions: { enabled: open },
    errorNotification: false,
  });
  if (!allowed) return null;
  const save = async ({ managedBy }: { managedBy: number }) => {
    setBusy(true);
    try {
      await projectMethod("changeManager", { id: record.id, managedBy, updatedAt: record.updatedAt });
      notifySuccess(t("changed"));
      setOpen(false);
      onDone();
    } catch (error) {
      notifyError("projects.changeManager", error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<UserSwitchOutlined />} onClick={() => setOpen(true)} data-testid="project-changeManager">
        {t("action")}
      </Button>
      <Modal
        open={open}
        title={t("title")}
        okText={t("save")}
        cancelText={t("back")}
        okButtonProps={{ "data-testid": "manager-save" } as never}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" validateTrigger="onBlur" preserve={false} onFinish={save}>
          <Form.Item name="managedBy" label={t("newManager")} extra={t("help")} rules={[{ required: true, message: t("required") }]}>
            <Select
              {...selectProps}
              options={(selectProps.options ?? []).filter((option: any) => String(option.value) !== String(record.managedBy))}
              showSearch
              filterOption={false}
              data-testid="manager-select"
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
