import { Button, Card, Form, Input, Space, Tag, Typography, Upload } from "antd";
import { DeleteOutlined, SendOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { useBusyAction } from "../../../../components/useBusyAction";
import { formatDateTime } from "../../../../components/format";
import { amountRule, centsText, formatMoneyCents, ledgerCall, managementFeesPath, uploadFor } from "./ledgerApi";
import { DepositFileLink } from "./DepositFileLink";

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
  const { busy, run } = useBusyAction(onChanged);

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

  /** The fee's supporting documents (spec §3), uploaded for the fee and listed on it in the order given. */
  const setDocuments = (key: string, fileIds: number[]) =>
    run(
      key,
      `${managementFeesPath}.patch`,
      () =>
        api(`${managementFeesPath}/${fee!.id}`, {
          method: "PATCH",
          body: { supportingFileIds: fileIds, updatedAt: fee!.updatedAt },
          action: `${managementFeesPath}.patch`,
        }),
      t("fee.saved"),
    );
  const addDocuments = (files: File[]) =>
    run(
      "upload",
      `${managementFeesPath}.patch`,
      async () => {
        const added: number[] = [];
        for (const file of files) added.push(await uploadFor(managementFeesPath, fee!.id, file, file.name));
        await api(`${managementFeesPath}/${fee!.id}`, {
          method: "PATCH",
          body: { supportingFileIds: [...(fee!.supportingFileIds ?? []), ...added], updatedAt: fee!.updatedAt },
          action: `${managementFeesPath}.patch`,
        });
      },
      t("fee.saved"),
    );
  const documents: Array<{ id: number; name: string }> = fee?.supportingFiles ?? [];
  const documentList = fee && (documents.length > 0 || mayRecord) && (
    <Space direction="vertical" size={4} style={{ marginTop: 12 }} data-testid="fee-documents">
      <Typography.Text type="secondary">{t("fee.documents")}</Typography.Text>
      {documents.map((document) => (
        <Space key={document.id} size={4}>
          <DepositFileLink fileId={document.id} testId="fee-document">
            {document.name}
          </DepositFileLink>
          {mayRecord && (
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t("fee.removeDocument", { name: document.name })}
              loading={busy === `remove-${document.id}`}
              onClick={() =>
                void setDocuments(
                  `remove-${document.id}`,
                  (fee.supportingFileIds ?? []).filter((id: number) => id !== document.id),
                )
              }
            />
          )}
        </Space>
      ))}
      {mayRecord && (
        <Upload
          multiple
          showUploadList={false}
          beforeUpload={(file, chosen) => {
            // Called once per chosen file: the last one uploads them all, then one save names them.
            if (file === chosen[chosen.length - 1]) void addDocuments(chosen);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy === "upload"} data-testid="fee-document-upload">
            {t("fee.addDocument")}
          </Button>
        </Upload>
      )}
    </Space>
  );

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
          name="managementFee"
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
      ) : null}
      {documentList}
      {!fee && !mayRecord && <Typography.Text type="secondary">{t("fee.none")}</Typography.Text>}
    </Card>
  );
}
