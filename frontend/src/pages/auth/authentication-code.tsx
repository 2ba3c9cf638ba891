import { useEffect, useState } from "react";
import { Button, Form, Input, Result, Space, Typography } from "antd";
import { useSignIn } from "../../components/auth/useSignIn";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "../../components/auth/AuthCard";
import { api } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { pendingSignIn, type PendingSignIn } from "../../providers/auth-provider";

/** The server refuses a resend sooner than this after the previous code (spec section 9), unless it says otherwise. */
const RESEND_AFTER_S = 60;

const secondsLeft = (pending: PendingSignIn | null) =>
  Math.max(0, Math.ceil((pending?.resendAfterS ?? RESEND_AFTER_S) - (Date.now() - (pending?.sentAt ?? 0)) / 1000));

export function AuthenticationCodePage() {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const [pending, setPending] = useState(pendingSignIn.get);
  const [wait, setWait] = useState(() => secondsLeft(pending));
  const [resending, setResending] = useState(false);
  const { mutate: login, isPending } = useSignIn();

  useEffect(() => {
    const timer = setInterval(() => setWait(secondsLeft(pendingSignIn.get())), 1000);
    return () => clearInterval(timer);
  }, []);

  if (!pending || pending.kind !== "two-factor" || !pending.challengeId) {
    return (
      <AuthCard title={t("code.title")}>
        <Result status="warning" subTitle={t("code.noChallenge")} extra={<Link to="/pub/login">{t("backToLogin")}</Link>} />
      </AuthCard>
    );
  }
  const challengeId = pending.challengeId;

  const resend = async () => {
    setResending(true);
    try {
      const info = await api<{ challengeId?: string; resendInSeconds?: number } | undefined>("/v1/two-factor-codes", {
        method: "POST",
        body: { challengeId },
        authFlow: true,
        action: "two-factor-codes.create",
      });
      const next = {
        ...pending,
        challengeId: info?.challengeId ?? challengeId,
        resendAfterS: info?.resendInSeconds ?? pending.resendAfterS,
        sentAt: Date.now(),
      };
      pendingSignIn.set(next);
      setPending(next);
      setWait(secondsLeft(next));
      notifySuccess(t("code.resent"));
    } catch (error) {
      notifyError("authenticationCode.resend", error);
    } finally {
      setResending(false);
    }
  };

  const submit = ({ code }: { code: string }) => login({ strategy: "two-factor", challengeId, code, redirect: params.get("redirect") ?? pending.redirect });

  return (
    <AuthCard title={t("code.title")}>
      <Typography.Paragraph>{pending.email ? t("code.instructionsTo", { email: pending.email }) : t("code.instructions")}</Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="code"
          label={t("code.label")}
          rules={[
            { required: true, message: t("code.required") },
            { pattern: /^\d{6}$/, message: t("code.pattern") },
          ]}
        >
          <Input.OTP length={6} formatter={(value) => value.replace(/\D/g, "")} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending}>
          {t("code.submit")}
        </Button>
      </Form>
      <Space style={{ justifyContent: "space-between", width: "100%", marginTop: 12 }}>
        <Button type="link" style={{ padding: 0 }} disabled={wait > 0} loading={resending} onClick={resend}>
          {wait > 0 ? t("code.resendIn", { seconds: wait }) : t("code.resend")}
        </Button>
        <Link to="/pub/login">{t("backToLogin")}</Link>
      </Space>
    </AuthCard>
  );
}
