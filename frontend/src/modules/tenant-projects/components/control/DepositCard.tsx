import { useState } from "react";
import { Button, Card, Checkbox, Form, Input, Select, Space, Tag, Typography, Upload, type UploadFile } from "antd";
import { SendOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { useBusyAction } from "../../../../components/useBusyAction";
import { formatDateTime } from "../../../../components/format";
import { DepositFileLink } from "./DepositFileLink";
import { amountRule, centsText, depositPayeeTypes, depositsPath, formatMoneyCents, ledgerCall, uploadFor } from "./ledgerApi";

interface Props {
  projectId: number;
  deposit: Record<string, any> | null;
  currency: string;
  mayRecord: boolean;
  mayNotify: boolean;
  tenantSide: boolean;
  onChanged: () => Promise<unknown>;
}

/** The deposit (spec §3, §5): amount, payee, cheque, waiver with its approval; the notice once an amount is in. */
export function DepositCard({ projectId, deposit, currency, mayRecord, mayNotify, tenantSide, onChanged }: Props) {
  const { t } = useTranslation("project-control");
  const [form] = Form.useForm();
  const [approval, setApproval] = useState<UploadFile[]>([]);
  const { busy, run } = useBusyAction(onChanged);
  const payeeType = Form.useWatch("payeeType", form) ?? deposit?.payeeType ?? "SUBJECT_TO_REVIEW";
  const waived = Form.useWatch("waived", form) ?? deposit?.waived ?? false;

  const save = async () => {
    const values = await form.validateFields();
    await run(
      "save",
      `${depositsPath}.${deposit ? "patch" : "create"}`,
      async () => {
        const body: Record<string, unknown> = {
          amount: values.amount === "" ? null : values.amount,
          payeeType: values.payeeType,
          payeeName: values.payeeName ?? "",
          payeeAddress: values.payeeAddress ?? "",
          chequeNumber: values.chequeNumber ?? "",
        };
        let stored = deposit;
        if (!stored) stored = await api<any>(depositsPath, { method: "POST", body: { projectId, ...body, waived: false }, action: `${depositsPath}.create` });
        let approvalId = stored?.waiverApprovalFileId ?? null;
        if (values.waived && approval[0]?.originFileObj) approvalId = await uploadFor(depositsPath, stored!.id, approval[0].originFileObj, approval[0].name);
        if (deposit || values.waived) {
          await api(`${depositsPath}/${stored!.id}`, {
            method: "PATCH",
            body: { ...body, waived: Boolean(values.waived), waiverApprovalFileId: values.waived ? approvalId : null, updatedAt: stored!.updatedAt },
            action: `${depositsPath}.patch`,
          });
        }
        setApproval([]);
      },
      t("deposit.saved"),
    );
  };

  const grant = (allowed: boolean) =>
    run(
      "grant",
      `${depositsPath}.patch`,
      () =>
        api(`${depositsPath}/${deposit!.id}`, {
          method: "PATCH",
          body: { mainContractorMayRequestRefund: allowed, updatedAt: deposit!.updatedAt },
          action: `${depositsPath}.patch`,
        }),
      t("deposit.saved"),
    );

  // The notice to the project manager and accounting (spec §3), once the deposit is recorded.
  const notifyButton = deposit && (
    <Button
      icon={<SendOutlined />}
      loading={busy === "notify"}
      data-testid="deposit-notify"
      onClick={() =>
        void run(
          "notify",
          `${depositsPath}.notify`,
          () => ledgerCall(depositsPath, "notify", { id: deposit.id, updatedAt: deposit.updatedAt }),
          t("deposit.notified"),
        )
      }
    >
      {t("deposit.notify")}
    </Button>
  );

  return (
    <Card
      id="deposit"
      title={t("deposit.title")}
      size="small"
      data-testid="deposit-card"
      extra={deposit?.accountingNotifiedAt ? <Tag color="success">{t("deposit.notifiedAt", { at: formatDateTime(deposit.accountingNotifiedAt) })}</Tag> : null}
    >
      {mayRecord ? (
        <Form
          name="deposit"
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={{
            amount: centsText(deposit?.amountCents),
            payeeType: deposit?.payeeType ?? "SUBJECT_TO_REVIEW",
            payeeName: deposit?.payeeName ?? "",
            payeeAddress: deposit?.payeeAddress ?? "",
            chequeNumber: deposit?.chequeNumber ?? "",
            waived: deposit?.waived ?? false,
          }}
        >
          <Space wrap align="start">
            <Form.Item name="amount" label={t("deposit.amount", { currency })} rules={[amountRule(t("amountInvalid"))]}>
              <Input style={{ width: 200 }} inputMode="decimal" placeholder="120,000.00" data-testid="deposit-amount" />
            </Form.Item>
            <Form.Item name="payeeType" label={t("deposit.payee")}>
              <Select style={{ width: 220 }} options={depositPayeeTypes.map((value) => ({ value, label: t(`payees.${value}`) }))} data-testid="deposit-payee" />
            </Form.Item>
            <Form.Item name="chequeNumber" label={t("deposit.cheque")}>
              <Input style={{ width: 180 }} maxLength={60} data-testid="deposit-cheque" />
            </Form.Item>
          </Space>
          {payeeType === "OTHER" && (
            <Space wrap align="start">
              <Form.Item name="payeeName" label={t("deposit.payeeName")} rules={[{ required: true, whitespace: true, message: t("required") }]}>
                <Input style={{ width: 260 }} maxLength={200} />
              </Form.Item>
              <Form.Item name="payeeAddress" label={t("deposit.payeeAddress")} rules={[{ required: true, whitespace: true, message: t("required") }]}>
                <Input.TextArea style={{ width: 360 }} rows={2} maxLength={1000} />
              </Form.Item>
            </Space>
          )}
          <Form.Item name="waived" valuePropName="checked">
            <Checkbox>{t("deposit.waive")}</Checkbox>
          </Form.Item>
          {waived && deposit?.waiverApprovalFileId && (
            <Form.Item label={t("deposit.approval")}>
              <DepositFileLink fileId={deposit.waiverApprovalFileId} testId="deposit-approval">
                {t("deposit.approvalAttached")}
              </DepositFileLink>
            </Form.Item>
          )}
          {waived && !deposit?.waiverApprovalFileId && (
            <Form.Item label={t("deposit.approval")} required>
              <Upload maxCount={1} beforeUpload={() => false} fileList={approval} onChange={({ fileList }) => setApproval(fileList)}>
                <Button icon={<UploadOutlined />}>{t("deposit.chooseApproval")}</Button>
              </Upload>
            </Form.Item>
          )}
          <Space>
            <Button
              type="primary"
              loading={busy === "save"}
              onClick={() => void save().catch(() => undefined)}
              disabled={waived && !deposit?.waiverApprovalFileId && !approval.length}
              data-testid="deposit-save"
            >
              {t("deposit.save")}
            </Button>
            {deposit && mayNotify && notifyButton}
          </Space>
        </Form>
      ) : deposit ? (
        <Space direction="vertical">
          <Typography.Text strong data-testid="deposit-amount-text">
            {deposit.amountCents == null ? t("deposit.notEntered") : formatMoneyCents(deposit.amountCents, deposit.currency)}
          </Typography.Text>
          <Typography.Text>
            {t("deposit.payee")}: {t(`payees.${deposit.payeeType}`)} {deposit.payeeName}
          </Typography.Text>
          {deposit.waived && (
            <Space wrap>
              <Tag>{t("deposit.waived")}</Tag>
              {deposit.waiverApprovalFileId && (
                <DepositFileLink fileId={deposit.waiverApprovalFileId} testId="deposit-approval">
                  {t("deposit.approvalAttached")}
                </DepositFileLink>
              )}
            </Space>
          )}
          {mayNotify && notifyButton}
          {tenantSide && (
            <Checkbox
              checked={deposit.mainContractorMayRequestRefund}
              disabled={busy === "grant"}
              onChange={(event) => void grant(event.target.checked)}
              data-testid="deposit-contractor-may-request"
            >
              {t("deposit.contractorMayRequest")}
            </Checkbox>
          )}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t("deposit.none")}</Typography.Text>
      )}
    </Card>
  );
}
