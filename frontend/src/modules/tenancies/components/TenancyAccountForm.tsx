import { useState } from "react";
import { Checkbox, Form, Input, Modal, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { tenancyPerms } from "../../../../../backend/src/abilities/permissions.shared";
import { tenancyAccountsPath } from "../../../../../backend/src/modules/tenancies/services/tenancy-accounts/tenancy-accounts.shared";
import { api } from "../../../providers/api";

export interface TenancyAccountRecord {
  id: number;
  tenancyId: number;
  username: string;
  email: string;
  displayName: string;
  phone: string | null;
  userType: number;
  tenancyPerms: string[];
  enabled: boolean;
  lockedAt: string | null;
  invitedAt: string | null;
  lastLoginAt: string | null;
  updatedAt: string;
  status: string;
  invitationExpired: boolean;
}

interface Props {
  open: boolean;
  /** The account to edit; none invites a new one. */
  account?: TenancyAccountRecord;
  /** Staff name the tenancy; a tenant's is its own. */
  tenancyId?: number;
  /** The perms the caller may give (`grantablePerms`): the others show, ticked or not, but locked. */
  grantable: readonly string[];
  /** Staff may invite the tenancy's master account while it has none. */
  mayInviteMaster: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Invite a tenancy account or edit one (spec §3 "Tenancy account", §5 "inviting someone already
 * a tenancy user asks confirmation"): name, e-mail, phone and the tenancy perms, only those the
 * caller may give. A 428 from the server asks to confirm and sends again with `confirm`.
 */
export function TenancyAccountForm({ open, account, tenancyId, grantable, mayInviteMaster, onClose, onSaved }: Props) {
  const { t } = useTranslation("tenancy-accounts");
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const master = Form.useWatch("master", form) as boolean | undefined;

  const send = async (values: Record<string, any>, confirm = false): Promise<void> => {
    setSaving(true);
    try {
      const perms = values.master ? undefined : (values.tenancyPerms ?? []);
      if (account) {
        await api(`${tenancyAccountsPath}/${account.id}`, {
          method: "PATCH",
          body: {
            displayName: values.displayName,
            email: values.email,
            phone: values.phone || null,
            ...(account.userType === 601 ? {} : { tenancyPerms: perms }),
            updatedAt: account.updatedAt,
          },
          action: "tenancy-accounts.patch",
        });
        notifySuccess(t("saved", { name: values.displayName }));
      } else {
        await api(tenancyAccountsPath, {
          method: "POST",
          body: {
            ...(tenancyId ? { tenancyId } : {}),
            email: values.email,
            displayName: values.displayName,
            ...(values.phone ? { phone: values.phone } : {}),
            ...(values.master ? { userType: 601 } : { tenancyPerms: perms }),
            ...(confirm ? { confirm: true } : {}),
          },
          action: "tenancy-accounts.create",
        });
        notifySuccess(t("invited", { email: values.email }));
      }
      form.resetFields();
      onSaved();
    } catch (error) {
      if (isApiError(error) && error.status === 428 && error.code === "TENANCY_USER_CONFIRM") {
        Modal.confirm({
          title: t("confirmTitle"),
          content: t("confirmExisting", { email: values.email }),
          okText: t("actions.confirm"),
          cancelText: t("actions.cancel"),
          onOk: () => send(values, true),
        });
        return;
      }
      notifyError(account ? "tenancy-accounts.patch" : "tenancy-accounts.create", error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={account ? t("editTitle", { name: account.displayName }) : t("inviteTitle")}
      okText={account ? t("actions.save") : t("actions.sendInvitation")}
      cancelText={t("actions.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ "data-testid": "account-form-submit" } as any}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          account ? { displayName: account.displayName, email: account.email, phone: account.phone, tenancyPerms: account.tenancyPerms } : { tenancyPerms: [] }
        }
        onFinish={(values) => void send(values)}
      >
        <Form.Item name="displayName" label={t("fields.displayName")} rules={[{ required: true, whitespace: true, message: t("required") }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="email" label={t("fields.email")} rules={[{ required: true, type: "email", message: t("emailInvalid") }]}>
          <Input maxLength={255} inputMode="email" />
        </Form.Item>
        <Form.Item name="phone" label={t("fields.phone")}>
          <Input maxLength={50} inputMode="tel" />
        </Form.Item>
        {!account && mayInviteMaster && (
          <Form.Item name="master" label={t("fields.master")} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {!master && account?.userType !== 601 && (
          <Form.Item name="tenancyPerms" label={t("fields.tenancyPerms")}>
            <Checkbox.Group
              style={{ display: "flex", flexDirection: "column", gap: 4 }}
              options={tenancyPerms.map((perm) => ({ value: perm, label: t(`perms.${perm}`), disabled: !grantable.includes(perm) }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
