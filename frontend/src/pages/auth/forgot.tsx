import { useState } from "react";
import { Button, Form, Input, Result, Typography } from "antd";
import { MailOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { api } from "../../providers/api";
import { notifyError } from "../../providers/notifications";

/** Asks for a reset link by e-mail; the mail points to /pub/resetpwd?token=... */
export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async ({ email }: { email: string }) => {
    setBusy(true);
    try {
      await api("/v1/password-resets", { method: "POST", body: { email: email.trim() }, authFlow: true, action: "password-resets.create" });
      setSent(true);
    } catch (error) {
      notifyError("passwordReset", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t("forgot.title")}>
      {sent ? (
        <Result status="success" title={t("forgot.sentTitle")} subTitle={t("forgot.sent")} extra={<Link to="/pub/login">{t("backToLogin")}</Link>} />
      ) : (
        <>
          <Typography.Paragraph>{t("forgot.instructions")}</Typography.Paragraph>
          <Form layout="vertical" requiredMark={false} onFinish={submit}>
            <Form.Item
              name="email"
              label={t("forgot.email")}
              validateTrigger="onBlur"
              rules={[{ required: true, message: t("forgot.emailRequired") }, { type: "email", message: t("forgot.emailInvalid") }]}
            >
              <Input prefix={<MailOutlined />} autoComplete="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t("forgot.submit")}
            </Button>
          </Form>
          <div style={{ marginTop: 12 }}>
            <Link to="/pub/login">{t("backToLogin")}</Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}
