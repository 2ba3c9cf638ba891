import { useCallback, useEffect, useRef, useState } from "react";
import { Checkbox, Form, Input, Modal, Switch } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../providers/api";
import { EditConflictView } from "../../../components/settings/EditConflictView";
import { useDialogConflict } from "../../../components/settings/useDialogConflict";
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

/** An account as the form holds it. */
const accountForm = (account: TenancyAccountRecord): Record<string, unknown> => ({
  displayName: account.displayName,
  email: account.email,
  phone: account.phone,
  tenancyPerms: account.tenancyPerms,
});

/** Perms by their labels, one a line (a conflict's two sides). */
const permNames = (t: TFunction, value: unknown) => ((value as string[] | null) ?? []).map((perm) => t(`perms.${perm}`)).join("\n");

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
  const accountId = account?.id;
  const read = useCallback(() => api<TenancyAccountRecord>(`${tenancyAccountsPath}/${accountId}`), [accountId]);
  const { conflict, version, start, recover } = useDialogConflict<TenancyAccountRecord>({ form, toForm: accountForm, read });
  // Each opening starts on the account as listed; a stale save then goes on the copy read meanwhile.
  const listed = useRef(account);
  listed.current = account;
  useEffect(() => {
    if (open) start(listed.current);
  }, [open, accountId, start]);

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
            updatedAt: version,
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
      if (!(await recover(error))) notifyError(account ? "tenancy-accounts.patch" : "tenancy-accounts.create", error);
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
      width={conflict ? 720 : undefined}
      okButtonProps={{ "data-testid": "account-form-submit" } as any}
    >
      <EditConflictView conflict={conflict} form={form} ns="tenancy-accounts" display={{ tenancyPerms: (value) => permNames(t, value) }} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={account ? accountForm(account) : { tenancyPerms: [] }}
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
