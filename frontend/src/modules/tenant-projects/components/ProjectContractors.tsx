import { useState } from "react";
import { useList } from "@refinedev/core";
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import {
  contractorRowErrors,
  contractorTypes,
  sortContractorTypes,
  tenantProjectContractorsPath,
} from "../../../../../backend/src/modules/tenant-projects/services/tenant-project-contractors/tenant-project-contractors.shared";

interface ContractorRecord {
  id: number;
  userAccount: string | null;
  firstName: string;
  lastName: string;
  contractorType: string;
  companyName: string;
  officeTel: string | null;
  mobile: string;
  updatedAt: string;
}

const ruleOf = (field: string, message: string) => ({
  validator: (_: unknown, value: unknown) =>
    contractorRowErrors({ ...valid, [field]: value as string }).includes(field as any) ? Promise.reject(new Error(message)) : Promise.resolve(),
});
/** A valid row, to check one field of a row by the shared rules. */
const valid = { firstName: "a", lastName: "a", contractorType: "MAIN", companyName: "a", mobile: "91234567", userAccount: null };

/**
 * The contractorInfo tab (spec §2 tab 2, §5): the project's contractor rows, OTHER last, each
 * checked by the same rules as the server on leaving a field; read only when the project has
 * external systems or the caller may not update the project.
 */
export function ProjectContractors({ project, onProjectChanged }: { project: Record<string, any>; onProjectChanged?: () => void }) {
  const { t } = useTranslation("tenant-projects");
  useSession((s) => s.rules);
  const [editing, setEditing] = useState<ContractorRecord | "new" | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const { result, query } = useList<ContractorRecord>({
    resource: tenantProjectContractorsPath,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    pagination: { mode: "off" },
  });
  const closed = project.status === "WITHDRAWN" || project.status === "CANCELLED";
  const ability = currentAbility();
  const mayWrite = !closed && !project.hasExternalSystems && ability.can("update", subject("tenant-projects", { ...project }) as any);
  // Staff say whether the project's contractors are kept in an external system (spec §5); a tenant's own grant does not write the flag.
  const maySetExternal = !closed && ability.can("update", subject("tenant-projects", { ...project }) as any, "hasExternalSystems");

  const setExternal = async (hasExternalSystems: boolean) => {
    try {
      await api(`tenant-projects/${project.id}`, {
        method: "PATCH",
        body: { hasExternalSystems, updatedAt: project.updatedAt },
        action: "tenant-projects.patch",
      });
      notifySuccess(t("contractors.externalSaved"));
      onProjectChanged?.();
    } catch (error) {
      notifyError("tenant-projects.patch", error);
    }
  };

  const run = async (operation: string, call: () => Promise<unknown>, done: string) => {
    setSaving(true);
    try {
      await call();
      notifySuccess(done);
      setEditing(null);
      await query.refetch();
    } catch (error) {
      notifyError(operation, error);
    } finally {
      setSaving(false);
    }
  };

  const save = (values: Record<string, string>) => {
    const body = { ...values, userAccount: values.userAccount || null, officeTel: values.officeTel || null };
    return editing === "new"
      ? run(
          `${tenantProjectContractorsPath}.create`,
          () =>
            api(tenantProjectContractorsPath, { method: "POST", body: { ...body, projectId: project.id }, action: `${tenantProjectContractorsPath}.create` }),
          t("contractors.saved"),
        )
      : run(
          `${tenantProjectContractorsPath}.patch`,
          () =>
            api(`${tenantProjectContractorsPath}/${(editing as ContractorRecord).id}`, {
              method: "PATCH",
              body: { ...body, updatedAt: (editing as ContractorRecord).updatedAt },
              action: `${tenantProjectContractorsPath}.patch`,
            }),
          t("contractors.saved"),
        );
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {maySetExternal && (
        <Space>
          <Switch
            checked={Boolean(project.hasExternalSystems)}
            onChange={(checked) => void setExternal(checked)}
            data-testid="project-external-systems"
            aria-label={t("contractors.externalToggle")}
          />
          <span>{t("contractors.externalToggle")}</span>
        </Space>
      )}
      {project.hasExternalSystems && <Alert type="info" showIcon message={t("contractors.externalSystems")} />}
      {mayWrite && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            form.resetFields();
            setEditing("new");
          }}
          data-testid="add-project-contractor"
        >
          {t("contractors.add")}
        </Button>
      )}
      <Table<ContractorRecord>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={result?.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        data-testid="project-contractors"
        columns={[
          { title: t("contractors.contractorType"), dataIndex: "contractorType", render: (value: string) => t(`contractors.types.${value}`) },
          { title: t("contractors.companyName"), dataIndex: "companyName" },
          { title: t("contractors.name"), render: (_, row) => `${row.firstName} ${row.lastName}` },
          { title: t("contractors.userAccount"), dataIndex: "userAccount" },
          { title: t("contractors.mobile"), dataIndex: "mobile" },
          { title: t("contractors.officeTel"), dataIndex: "officeTel" },
          ...(mayWrite
            ? [
                {
                  title: "",
                  key: "actions",
                  render: (_: unknown, row: ContractorRecord) => (
                    <Space>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t("contractors.edit")}
                        onClick={() => {
                          form.setFieldsValue({ ...row, userAccount: row.userAccount ?? "", officeTel: row.officeTel ?? "" });
                          setEditing(row);
                        }}
                      />
                      <Popconfirm
                        title={t("contractors.removeConfirm")}
                        onConfirm={() =>
                          run(
                            `${tenantProjectContractorsPath}.remove`,
                            () => api(`${tenantProjectContractorsPath}/${row.id}`, { method: "DELETE", action: `${tenantProjectContractorsPath}.remove` }),
                            t("contractors.removed"),
                          )
                        }
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("contractors.remove")} />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing === "new" ? "contractors.add" : "contractors.edit")}
        confirmLoading={saving}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={save}>
          <Form.Item name="contractorType" label={t("contractors.contractorType")} rules={[ruleOf("contractorType", t("contractors.required"))]}>
            <Select options={sortContractorTypes(contractorTypes).map((value) => ({ value, label: t(`contractors.types.${value}`) }))} />
          </Form.Item>
          <Form.Item name="companyName" label={t("contractors.companyName")} rules={[ruleOf("companyName", t("contractors.required"))]}>
            <Input />
          </Form.Item>
          <Form.Item name="firstName" label={t("contractors.firstName")} rules={[ruleOf("firstName", t("contractors.required"))]}>
            <Input />
          </Form.Item>
          <Form.Item name="lastName" label={t("contractors.lastName")} rules={[ruleOf("lastName", t("contractors.required"))]}>
            <Input />
          </Form.Item>
          <Form.Item name="userAccount" label={t("contractors.userAccount")} rules={[ruleOf("userAccount", t("contractors.emailInvalid"))]}>
            <Input />
          </Form.Item>
          <Form.Item name="mobile" label={t("contractors.mobile")} rules={[ruleOf("mobile", t("contractors.mobileInvalid"))]}>
            <Input />
          </Form.Item>
          <Form.Item name="officeTel" label={t("contractors.officeTel")}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
