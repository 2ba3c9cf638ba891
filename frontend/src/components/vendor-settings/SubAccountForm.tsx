import { useEffect } from "react";
import { Checkbox, Form, Input, Modal, Select } from "antd";
import { useCreate, useUpdate } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { vendorPerms, vendorSubAccountTypes } from "../users/account";
import type { UserRecord } from "../users/user-kind";
import { notifySuccess } from "../../providers/notifications";

export type SubAccount = UserRecord & { vendorPerms?: string[] };

/**
 * Invites a sub-account of the vendor's company, or changes one's profile and toggles. The server
 * places it in the company, refuses internal usernames and the one over the cap (the toast names
 * the limit); the dialog stays open on a refusal so nothing typed is lost.
 */
export function SubAccountForm({ open, record, onClose }: { open: boolean; record?: SubAccount; onClose: () => void }) {
  const { t } = useTranslation(["vendor-settings", "users"]);
  const [form] = Form.useForm();
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue({ displayName: record.displayName, email: record.email, phone: record.phone, vendorPerms: record.vendorPerms ?? [] });
    else form.setFieldsValue({ userType: vendorSubAccountTypes[0], vendorPerms: [] });
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields();
    try {
      if (record) {
        await update({
          resource: "users",
          id: record.id,
          values: { ...values, updatedAt: record.updatedAt },
          meta: { action: "users.update" },
          successNotification: false,
        });
        notifySuccess(t("subAccounts.saved"));
      } else {
        await create({ resource: "users", values, meta: { action: "users.create" }, successNotification: false });
        notifySuccess(t("subAccounts.invited", { email: values.email }));
      }
      onClose();
    } catch {
      // The data provider's toast says why (limit reached, username taken, internal username).
    }
  };

  const required = (field: string) => ({ required: true, message: t("users:validation.required", { field: t(`users:fields.${field}`) }) });
  return (
    <Modal
      open={open}
      title={record ? t("subAccounts.editTitle", { name: record.username }) : t("subAccounts.inviteTitle")}
      okText={record ? t("common:buttons.save") : t("users:actions.invite")}
      cancelText={t("common:buttons.cancel")}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={creating.isPending || updating.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="sub-account-form">
        {!record && (
          <>
            <Form.Item
              name="username"
              label={t("users:fields.username")}
              extra={t("subAccounts.internalHint")}
              rules={[
                required("username"),
                { min: 3, max: 100, message: t("users:validation.usernameLength") },
                { pattern: /^[A-Za-z0-9._@-]+$/, message: t("users:validation.usernamePattern") },
              ]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="userType" label={t("users:fields.userType")} rules={[required("userType")]}>
              <Select options={vendorSubAccountTypes.map((type) => ({ value: type, label: t(`users:userTypes.${type}`) }))} />
            </Form.Item>
          </>
        )}
        <Form.Item name="displayName" label={t("users:fields.displayName")} rules={[required("displayName"), { max: 200 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label={t("users:fields.email")}
          rules={[required("email"), { type: "email", message: t("users:validation.email") }, { max: 255 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="phone" label={t("users:fields.phone")} rules={[{ max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="vendorPerms" label={t("subAccounts.permissions")}>
          <Checkbox.Group
            options={vendorPerms.map((perm) => ({ value: perm, label: t(`users:vendorPerms.${perm}`) }))}
            style={{ display: "flex", flexDirection: "column", gap: 4 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
