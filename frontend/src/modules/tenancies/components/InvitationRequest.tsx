import { useState } from "react";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Form, Input, Modal } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { currentAbility } from "../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { useSession } from "../../../providers/session";
import { tenancyAccountsPath } from "../../../../../backend/src/modules/tenancies/services/tenancy-accounts/tenancy-accounts.shared";
import {
  tenancyInvitationRequestsPath,
  type TenancyInvitationRequestResult,
  type TenancyInvitationRequestState,
} from "../../../../../backend/src/modules/tenancies/services/invitation-requests/invitation-requests.shared";

/**
 * For staff who read a tenancy but may not invite its master account (the account administrators
 * do): ask them to, naming the person (the mail "invitation request", invitation-requests.class.ts).
 * Those who may invite see nothing here: they invite from the user management tab.
 */
export function InvitationRequest({ record }: { record: { id: number } }) {
  const { t } = useTranslation("tenancy-invitation-requests");
  useSession((s) => s.rules);
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm();
  const inviter = currentAbility().can("create", tenancyAccountsPath);
  const { result } = useCustom<TenancyInvitationRequestState>({
    url: `${tenancyInvitationRequestsPath}/${record.id}`,
    method: "get",
    queryOptions: { enabled: !inviter, queryKey: [tenancyInvitationRequestsPath, record.id] },
  });
  const state = result?.data as TenancyInvitationRequestState | undefined;
  // Only while there is no master account and someone to ask.
  if (inviter || !state || state.hasMasterAccount || state.inviters === 0) return null;

  const send = async (values: { displayName: string; email: string; remarks?: string }) => {
    setSending(true);
    try {
      const answer = await api<TenancyInvitationRequestResult>(tenancyInvitationRequestsPath, {
        method: "POST",
        body: {
          tenancyId: Number(record.id),
          displayName: values.displayName,
          email: values.email,
          ...(values.remarks?.trim() ? { remarks: values.remarks } : {}),
        },
        action: "tenancy-invitation-requests.create",
      });
      notifySuccess(t("sent", { count: answer.recipients }));
      setOpen(false);
      form.resetFields();
    } catch (error) {
      notifyError("tenancy-invitation-requests.create", error);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t("hint")}
        action={
          <Button size="small" icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="request-invitation">
            {t("ask")}
          </Button>
        }
      />
      <Modal
        open={open}
        title={t("title")}
        okText={t("send")}
        cancelText={t("cancel")}
        confirmLoading={sending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        okButtonProps={{ "data-testid": "request-invitation-submit" } as any}
      >
        <Form form={form} layout="vertical" preserve={false} validateTrigger="onBlur" onFinish={(values) => void send(values)}>
          <Form.Item name="displayName" label={t("displayName")} rules={[{ required: true, whitespace: true, message: t("required") }]}>
            <Input maxLength={200} data-testid="request-name" />
          </Form.Item>
          <Form.Item name="email" label={t("email")} rules={[{ required: true, type: "email", message: t("emailInvalid") }]}>
            <Input maxLength={255} inputMode="email" data-testid="request-email" />
          </Form.Item>
          <Form.Item name="remarks" label={t("remarks")}>
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
