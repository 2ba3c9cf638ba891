import { useState } from "react";
import { Button, Card, Form, Input, Space, Tag, Typography } from "antd";
import { SendOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatDateTime } from "../../../../components/format";
import { amountRule, centsText, formatMoneyCents, ledgerCall, managementFeesPath } from "./ledgerApi";

interface Props {
  projectId: number;
  fee: Record<string, any> | null;
  currency: string;
  mayRecord: boolean;
  onChanged: () => Promise<unknown>;
}

/** The management fee (spec §3): amount, debit note, account code; its notice to accounting. */
export function ManagementFeeCard({ projectId, fee, currency, mayRecord, onChanged }: Props) {
  const { t } = useTranslation("project-control");
  const [form] = Form.useForm();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, operation: string, call: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await call();
      notifySuccess(done);
      await onChanged();
    } catch (error) {
      notifyError(operation, error);
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    const values = await form.validateFields();
    await run(
      "save",
      `${managementFeesPath}.${fee ? "patch" : "create"}`,
      () =>
        fee
          ? api(`${managementFeesPath}/${fee.id}`, { method: "PATCH", body: { ...values, updatedAt: fee.updatedAt }, action: `${managementFeesPath}.patch` })
          : api(managementFeesPath, { method: "POST", body: { projectId, ...values }, action: `${managementFeesPath}.create` }),
      t("fee.saved"),
    );
  };

  return (
    <Card
      id="managementFee"
      title={t("fee.title")}
      size="small"
      data-testid="fee-card"
      extra={fee?.accountingNotifiedAt ? <Tag color="success">{t("deposit.notifiedAt", { at: formatDateTime(fee.accountingNotifiedAt) })}</Tag> : null}
    >
      {mayRecord ? (
        <Form
          form={form}
          layout="inline"
          validateTrigger="onBlur"
          style={{ rowGap: 8 }}
          initialValues={{ amount: centsText(fee?.amountCents), debitNote: fee?.debitNote ?? "", accountCode: fee?.accountCode ?? "" }}
        >
          <Form.Item
            name="amount"
            label={t("fee.amount", { currency })}
            rules={[{ required: true, message: t("required") }, amountRule(t("amountInvalid"), true)]}
          >
            <Input style={{ width: 160 }} inputMode="decimal" />
          </Form.Item>
          <Form.Item name="debitNote" label={t("fee.debitNote")}>
            <Input style={{ width: 150 }} maxLength={60} />
          </Form.Item>
          <Form.Item name="accountCode" label={t("fee.accountCode")}>
            <Input style={{ width: 150 }} maxLength={60} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" loading={busy === "save"} onClick={() => void save().catch(() => undefined)}>
                {t("fee.save")}
              </Button>
              {fee && (
                <Button
                  icon={<SendOutlined />}
                  loading={busy === "notify"}
                  onClick={() =>
                    void run(
                      "notify",
                      `${managementFeesPath}.notify`,
                      () => ledgerCall(managementFeesPath, "notify", { id: fee.id, updatedAt: fee.updatedAt }),
                      t("fee.notified"),
                    )
                  }
                >
                  {t("fee.notify")}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Form>
      ) : fee ? (
        <Typography.Text>
          {formatMoneyCents(fee.amountCents, fee.currency)} · {t("fee.debitNote")} {fee.debitNote || "—"} · {t("fee.accountCode")} {fee.accountCode || "—"}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t("fee.none")}</Typography.Text>
      )}
    </Card>
  );
}
