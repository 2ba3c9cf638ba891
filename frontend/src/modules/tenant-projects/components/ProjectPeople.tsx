import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from "antd";
import { DeleteOutlined, MailOutlined, UserAddOutlined } from "@ant-design/icons";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../components/format";
import { api, isApiError } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import {
  isMainContractor,
  projectAccessTypes,
  tenantProjectAccountsPath,
} from "../../../../../backend/src/modules/tenant-projects/services/tenant-project-accounts/tenant-project-accounts.shared";

interface AccountRecord {
  id: number;
  projectId: number;
  userId: number | null;
  email: string;
  contactFirstName: string;
  contactLastName: string;
  phone: string | null;
  altPhone: string | null;
  accessType: string;
  isContractorAdmin: boolean;
  invitedAt: string | null;
  updatedAt: string;
}

/**
 * A tenant project's people (spec §3 accounts, §5 "Inviting someone already a tenancy user asks for
 * confirmation", §6 main contractor): the accounts with their contact, access type and invitation;
 * whoever may update the project invites (the form checks each field on leaving it) and removes.
 */
export function ProjectPeople({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("tenant-projects");
  useSession((s) => s.rules);
  const [inviting, setInviting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const { result, query } = useList<AccountRecord>({
    resource: tenantProjectAccountsPath,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    pagination: { mode: "off" },
  });
  const closed = project.status === "WITHDRAWN" || project.status === "CANCELLED";
  const mayWrite = !closed && currentAbility().can("update", subject("tenant-projects", { ...project }) as any);
  const accessType = Form.useWatch("accessType", form);

  const invite = async (values: Record<string, any>, confirm = false) => {
    setSaving(true);
    try {
      await api(tenantProjectAccountsPath, {
        method: "POST",
        body: { ...values, projectId: project.id, phone: values.phone || null, altPhone: values.altPhone || null, ...(confirm ? { confirm: true } : {}) },
        action: `${tenantProjectAccountsPath}.create`,
      });
      notifySuccess(t("people.invited"));
      setInviting(false);
      form.resetFields();
      await query.refetch();
    } catch (error) {
      if (isApiError(error) && error.code === "TENANT_PROJECT_ACCOUNT_CONFIRM") {
        Modal.confirm({
          title: t("people.confirmTitle"),
          content: t("people.confirmExisting", { email: values.email }),
          okText: t("people.confirmOk"),
          onOk: () => invite(values, true),
        });
      } else notifyError(`${tenantProjectAccountsPath}.create`, error);
    } finally {
      setSaving(false);
    }
  };

  const run = async (operation: string, call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      notifySuccess(done);
      await query.refetch();
    } catch (error) {
      notifyError(operation, error);
    }
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {mayWrite && (
        <Button icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="invite-project-account">
          {t("people.invite")}
        </Button>
      )}
      <Table<AccountRecord>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={result?.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        data-testid="project-accounts"
        columns={[
          {
            title: t("people.name"),
            render: (_, row) => (
              <Space>
                {`${row.contactFirstName} ${row.contactLastName}`}
                {isMainContractor(row) && <Tag color="blue">{t("people.mainContractor")}</Tag>}
              </Space>
            ),
          },
          { title: t("people.email"), dataIndex: "email" },
          { title: t("people.phone"), dataIndex: "phone" },
          { title: t("people.altPhone"), dataIndex: "altPhone" },
          { title: t("people.accessType"), dataIndex: "accessType", render: (value: string) => t(`people.accessTypes.${value}`) },
          { title: t("people.invitedAt"), dataIndex: "invitedAt", render: (value: string | null) => (value ? formatDateTime(value) : "") },
          ...(mayWrite
            ? [
                {
                  title: "",
                  key: "actions",
                  render: (_: unknown, row: AccountRecord) => (
                    <Space>
                      <Button
                        size="small"
                        icon={<MailOutlined />}
                        aria-label={t("people.inviteAgain")}
                        onClick={() =>
                          run(
                            `${tenantProjectAccountsPath}.invite`,
                            () =>
                              api(tenantProjectAccountsPath, {
                                method: "POST",
                                body: { id: row.id, updatedAt: row.updatedAt },
                                headers: { "X-Service-Method": "invite" },
                                action: `${tenantProjectAccountsPath}.invite`,
                              }),
                            t("people.invited"),
                          )
                        }
                      />
                      <Popconfirm
                        title={t("people.removeConfirm")}
                        onConfirm={() =>
                          run(
                            `${tenantProjectAccountsPath}.remove`,
                            () => api(`${tenantProjectAccountsPath}/${row.id}`, { method: "DELETE", action: `${tenantProjectAccountsPath}.remove` }),
                            t("people.removed"),
                          )
                        }
                      >
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={t("people.remove")} />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={inviting}
        title={t("people.invite")}
        okText={t("people.send")}
        confirmLoading={saving}
        onCancel={() => setInviting(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={{ accessType: "CONTRACTOR", isContractorAdmin: true }}
          onFinish={(values) => invite(values)}
        >
          <Form.Item name="email" label={t("people.email")} rules={[{ required: true, type: "email", message: t("people.emailInvalid") }]}>
            <Input autoComplete="off" data-testid="account-email" />
          </Form.Item>
          <Form.Item name="contactFirstName" label={t("people.firstName")} rules={[{ required: true, whitespace: true, message: t("people.required") }]}>
            <Input data-testid="account-first-name" />
          </Form.Item>
          <Form.Item name="contactLastName" label={t("people.lastName")} rules={[{ required: true, whitespace: true, message: t("people.required") }]}>
            <Input data-testid="account-last-name" />
          </Form.Item>
          <Form.Item name="phone" label={t("people.phone")} rules={[{ pattern: /^\+?[\d\s-]{8,20}$/, message: t("people.phoneInvalid") }]}>
            <Input />
          </Form.Item>
          <Form.Item name="altPhone" label={t("people.altPhone")} rules={[{ pattern: /^\+?[\d\s-]{8,20}$/, message: t("people.phoneInvalid") }]}>
            <Input />
          </Form.Item>
          <Form.Item name="accessType" label={t("people.accessType")} rules={[{ required: true }]}>
            <Select options={projectAccessTypes.map((value) => ({ value, label: t(`people.accessTypes.${value}`) }))} />
          </Form.Item>
          {accessType === "CONTRACTOR" && (
            <Form.Item name="isContractorAdmin" valuePropName="checked">
              <Checkbox data-testid="account-main-contractor">{t("people.mainContractor")}</Checkbox>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Space>
  );
}
