import { useState } from "react";
import { Button, Form, Result } from "antd";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { PasswordFields } from "../../components/auth/PasswordFields";
import { api } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";

/** Sets a new password from the mailed link (/pub/resetpwd and the contractor's /pub/reset). */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const [busy, setBusy] = useState(false);

  if (!token) {
    return (
      <AuthCard title={t("reset.title")}>
        <Result status="error" subTitle={t("reset.noToken")} extra={<Link to="/pub/forgot">{t("reset.requestNew")}</Link>} />
      </AuthCard>
    );
  }

  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await api(`/v1/password-resets/${encodeURIComponent(token)}`, { method: "PATCH", body: { password }, authFlow: true, action: "password-resets.update" });
      notifySuccess(t("reset.done"));
      navigate("/pub/login", { replace: true });
    } catch (error) {
      notifyError("passwordLink", error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t("reset.title")}>
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <PasswordFields field="password" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t("reset.submit")}
        </Button>
      </Form>
      <div style={{ marginTop: 12 }}>
        <Link to="/pub/login">{t("backToLogin")}</Link>
      </div>
    </AuthCard>
  );
}
