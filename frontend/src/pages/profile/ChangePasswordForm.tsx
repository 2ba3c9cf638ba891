import { useState } from "react";
import { Button, Card, Form, Input } from "antd";
import { useWarnAboutChange } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { PasswordFields } from "../../components/auth/PasswordFields";
import { api } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { session } from "../../providers/session";

interface Values {
  currentPassword: string;
  newPassword: string;
}

/** Password change for accounts with a local password (directory (AD) users change theirs in AD). */
export function ChangePasswordForm() {
  const { t } = useTranslation("auth");
  const [form] = Form.useForm<Values>();
  const { setWarnWhen } = useWarnAboutChange();
  const [busy, setBusy] = useState(false);

  const save = async ({ currentPassword, newPassword }: Values) => {
    setBusy(true);
    try {
      await api("profile/me", { method: "PATCH", body: { currentPassword, newPassword }, action: "profile.password" });
      form.resetFields();
      setWarnWhen(false);
      const user = session.get().user;
      if (user?.passwordWarningDays !== undefined) session.set({ user: { ...user, passwordWarningDays: undefined } });
      notifySuccess(t("password.changed"));
    } catch (error) {
      notifyError("passwordChange", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t("password.changeTitle")}>
      <Form<Values> form={form} layout="vertical" onValuesChange={() => setWarnWhen(true)} onFinish={save}>
        <Form.Item name="currentPassword" label={t("password.current")} rules={[{ required: true, message: t("password.currentRequired") }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <PasswordFields />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t("password.changeSubmit")}
        </Button>
      </Form>
    </Card>
  );
}
