import { useState } from "react";
import { Button, Form, Input, Result, Typography } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { api } from "../../providers/api";
import { notifyError } from "../../providers/notifications";

/** A locked account asks for an unlock link by mail (/pub/confirm-unlock?token=...). */
export function UnlockPage() {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async ({ username }: { username: string }) => {
    setBusy(true);
    try {
      await api("/v1/unlock-requests", { method: "POST", body: { username: username.trim() }, authFlow: true, action: "unlock-requests.create" });
      setSent(true);
    } catch (error) {
      notifyError("unlock", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t("unlock.title")}>
      {sent ? (
        <Result status="success" title={t("unlock.sentTitle")} subTitle={t("unlock.sent")} extra={<Link to="/pub/login">{t("backToLogin")}</Link>} />
      ) : (
        <>
          <Typography.Paragraph>{t("unlock.instructions")}</Typography.Paragraph>
          <Form layout="vertical" requiredMark={false} onFinish={submit}>
            <Form.Item name="username" label={t("login.username")} rules={[{ required: true, whitespace: true, message: t("login.usernameRequired") }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t("unlock.submit")}
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
