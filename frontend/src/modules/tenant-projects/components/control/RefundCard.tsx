import { useState } from "react";
import { Alert, Button, Card, Descriptions, Form, Input, Select, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../../providers/api";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { currentAbility } from "../../../../providers/access-control";
import { formatDateTime } from "../../../../components/format";
import { formatMoneyCents, ledgerCall, refundPayeeTypes, refundsPath, refundWorkflow } from "./ledgerApi";

interface Props {
  projectId: number;
  refund: Record<string, any> | null;
  deposit: Record<string, any> | null;
  mayRequest: boolean;
  onChanged: () => Promise<unknown>;
}

/** The refund (spec §3, §4): the tenant's request; the buttons of the refund table the caller holds; 428 says what is missing. */
export function RefundCard({ projectId, refund, deposit, mayRequest, onChanged }: Props) {
  const { t } = useTranslation("project-control");
  const [busy, setBusy] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [form] = Form.useForm();
  const payeeType = Form.useWatch("payeeType", form) ?? "CREDIT_TO";
  const ability = currentAbility();
  const actor = { id: 0, ability: { can: (action: string, subjectOf: unknown) => ability.can(action, subjectOf as any) } };

  const run = async (key: string, call: () => Promise<unknown>) => {
    setBusy(key);
    setMissing(null);
    try {
      await call();
      notifySuccess(t(`refund.done.${key}`));
      await onChanged();
    } catch (error) {
      if (isApiError(error) && error.status === 428 && error.data?.missing) setMissing(String(error.data.missing));
      else notifyError(`${refundsPath}.${key}`, error);
    } finally {
      setBusy(null);
    }
  };

  // What the tenant typed stays in the form when the request is refused (428 lists what is missing).
  const request = async () => {
    const values = await form.validateFields();
    await run("request", () => api(refundsPath, { method: "POST", body: { projectId, ...values }, action: `${refundsPath}.create` }));
  };
  const required = [{ required: true, whitespace: true, message: t("required") }];
  const actions = refund ? refundWorkflow.actionsFrom(refund.status, refund as any, actor as any) : [];

  return (
    <Card title={t("refund.title")} size="small" data-testid="refund-card">
      {missing && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t("refund.missing", {
            missing: missing
              .split(", ")
              .map((item) => t(`refund.preconditions.${item}`, { defaultValue: item }))
              .join(", "),
          })}
          data-testid="refund-missing"
        />
      )}
      {refund ? (
        <Space direction="vertical" style={{ width: "100%" }}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t("refund.status")}>
              <Tag color={refund.status === "CONFIRMED" ? "success" : "processing"} data-testid="refund-status">
                {t(`refundStatuses.${refund.status}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t("refund.amount")}>
              {formatMoneyCents(refund.status === "CONFIRMED" ? refund.amountCents : (deposit?.refundCents ?? refund.amountCents), refund.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t("refund.payee")}>
              {[t(`payees.${refund.payeeType}`), refund.creditTo, refund.payeeName].filter(Boolean).join(" · ")}
            </Descriptions.Item>
            {refund.confirmedAt && <Descriptions.Item label={t("refund.confirmedAt")}>{formatDateTime(refund.confirmedAt)}</Descriptions.Item>}
          </Descriptions>
          <Space wrap>
            {actions.map((action) => (
              <Button
                key={action}
                type={action === "confirm" ? "primary" : "default"}
                loading={busy === action}
                data-testid={`refund-${action}`}
                onClick={() => void run(action, () => ledgerCall(refundsPath, action, { id: refund.id, updatedAt: refund.updatedAt }))}
              >
                {t(`refund.actions.${action}`)}
              </Button>
            ))}
          </Space>
        </Space>
      ) : mayRequest && deposit ? (
        <Form
          name="refund"
          form={form}
          layout="inline"
          validateTrigger="onBlur"
          initialValues={{ payeeType: "CREDIT_TO" }}
          style={{ rowGap: 8 }}
          data-testid="refund-form"
        >
          <Form.Item name="payeeType" label={t("refund.payee")}>
            <Select
              style={{ width: 180 }}
              options={refundPayeeTypes.map((value) => ({ value, label: t(`payees.${value}`) }))}
              data-testid="refund-payee-type"
            />
          </Form.Item>
          {payeeType === "CREDIT_TO" && (
            <Form.Item name="creditTo">
              <Input style={{ width: 220 }} maxLength={200} placeholder={t("refund.creditTo")} aria-label={t("refund.creditTo")} />
            </Form.Item>
          )}
          {payeeType === "OTHER" && (
            <>
              <Form.Item name="payeeName" rules={required}>
                <Input
                  style={{ width: 220 }}
                  maxLength={200}
                  placeholder={t("deposit.payeeName")}
                  aria-label={t("deposit.payeeName")}
                  data-testid="refund-payee-name"
                />
              </Form.Item>
              <Form.Item name="payeeAddress" rules={required}>
                <Input.TextArea
                  style={{ width: 280 }}
                  rows={2}
                  maxLength={1000}
                  placeholder={t("deposit.payeeAddress")}
                  aria-label={t("deposit.payeeAddress")}
                  data-testid="refund-payee-address"
                />
              </Form.Item>
            </>
          )}
          <Form.Item>
            <Button type="primary" loading={busy === "request"} onClick={() => void request().catch(() => undefined)} data-testid="refund-request">
              {t("refund.request")}
            </Button>
          </Form.Item>
        </Form>
      ) : (
        <Typography.Text type="secondary">{t("refund.none")}</Typography.Text>
      )}
    </Card>
  );
}
