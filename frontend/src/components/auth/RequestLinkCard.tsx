import { useState, type ReactNode } from "react";
import { Button, Form, Input, Result, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { AuthCard } from "./AuthCard";
import { api } from "../../providers/api";
import { notifyError } from "../../providers/notifications";

export interface RequestLinkProps {
  /** i18n prefix in the auth namespace: title, instructions, submit, sentTitle, sent. */
  texts: "forgot" | "unlock";
  /** Public service that mails the link; it answers the same for any input. */
  service: "password-resets" | "unlock-requests";
  field: { name: "email" | "username"; label: string; rules: Rule[]; icon: ReactNode; autoComplete: string };
  errorOperation: string;
}

/** A page that asks for a mailed link (password reset, unlock) and then says it was sent. */
export function RequestLinkCard({ texts, service, field, errorOperation }: RequestLinkProps) {
  const { t } = useTranslation("auth");
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Record<string, string>) => {
    setBusy(true);
    try {
      await api(`/v1/${service}`, { method: "POST", body: { [field.name]: values[field.name].trim() }, authFlow: true, action: `${service}.create` });
      setSent(true);
    } catch (error) {
      notifyError(errorOperation, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t(`${texts}.title`)}>
      {sent ? (
        <Result status="success" title={t(`${texts}.sentTitle`)} subTitle={t(`${texts}.sent`)} extra={<Link to="/pub/login">{t("backToLogin")}</Link>} />
      ) : (
        <>
          <Typography.Paragraph>{t(`${texts}.instructions`)}</Typography.Paragraph>
          <Form layout="vertical" requiredMark={false} onFinish={submit}>
            <Form.Item name={field.name} label={field.label} validateTrigger="onBlur" rules={field.rules}>
              <Input prefix={field.icon} autoComplete={field.autoComplete} autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t(`${texts}.submit`)}
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
