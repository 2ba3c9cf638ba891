import { useState } from "react";
import { Alert, Button, Form, Input, Result } from "antd";
import { useSignIn } from "../../components/auth/useSignIn";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { PasswordFields } from "../../components/auth/PasswordFields";
import { api } from "../../providers/api";
import { notifyError } from "../../providers/notifications";
import { pendingSignIn } from "../../providers/auth-provider";

/** Sign-in answered PASSWORD_EXPIRED: the password must change before the session starts. */
export function ChangeExpiredPasswordPage() {
  const { t } = useTranslation("auth");
  const [pending] = useState(pendingSignIn.get);
  const [busy, setBusy] = useState(false);
  const { mutate: login } = useSignIn();

  if (!pending || pending.kind !== "password-expired" || !pending.username) {
    return (
      <AuthCard title={t("expired.title")}>
        <Result status="warning" subTitle={t("expired.noPending")} extra={<Link to="/pub/login">{t("backToLogin")}</Link>} />
      </AuthCard>
    );
  }
  const username = pending.username;

  const submit = async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
    setBusy(true);
    try {
      await api("/v1/password-changes", {
        method: "POST",
        body: { username, currentPassword, newPassword },
        authFlow: true,
        action: "password-changes.create",
      });
      // Signing in with the new password continues where the user was heading.
      login({ username, password: newPassword, redirect: pending.redirect });
    } catch (error) {
      notifyError("passwordChange", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t("expired.title")}>
      <Alert type="warning" showIcon message={t("expired.message")} style={{ marginBottom: 16 }} />
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item label={t("login.username")}>
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item name="currentPassword" label={t("password.current")} rules={[{ required: true, message: t("password.currentRequired") }]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <PasswordFields />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t("expired.submit")}
        </Button>
      </Form>
    </AuthCard>
  );
}
