import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Descriptions, Form, Input, Select, Space, Table, Typography, Upload, type UploadFile } from "antd";
import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { DepositFileLink } from "./DepositFileLink";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatDateTime } from "../../../../components/format";
import { amountRule, deductionKinds, deductionsPath, depositsPath, formatMoneyCents, uploadFor } from "./ledgerApi";

interface Props {
  projectId: number;
  deposit: Record<string, any>;
  mayDeduct: boolean;
  onChanged: () => Promise<unknown>;
}

/** Lines a page: a ledger of hundreds of deductions pages through them; the totals rows are the whole deposit's. */
const LEDGER_PAGE = 50;

/** The ledger (issue 30 item 2): every deduction with who and when, the totals row, refund and deducted. */
export function LedgerTable({ projectId, deposit, mayDeduct, onChanged }: Props) {
  const { t } = useTranslation("project-control");
  const [form] = Form.useForm();
  const [evidence, setEvidence] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch("kind", form);
  const [page, setPage] = useState(1);
  const lines = useList<Record<string, any>>({
    resource: deductionsPath,
    filters: [{ field: "projectId", operator: "eq", value: projectId }],
    sorters: [{ field: "id", order: "asc" }],
    pagination: { currentPage: page, pageSize: LEDGER_PAGE },
  });
  const total = lines.result?.total ?? 0;
  const money = (cents: number) => formatMoneyCents(cents, deposit.currency);

  const add = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const evidenceFileId = evidence[0]?.originFileObj ? await uploadFor(depositsPath, deposit.id, evidence[0].originFileObj, evidence[0].name) : null;
      await api(deductionsPath, {
        method: "POST",
        body: { projectId, kind: values.kind, amount: values.amount, reason: values.reason, note: values.note ?? "", evidenceFileId },
        action: `${deductionsPath}.create`,
      });
      notifySuccess(t("ledger.added"));
      form.resetFields();
      setEvidence([]);
      await Promise.all([onChanged(), lines.query.refetch()]);
    } catch (error) {
      notifyError(`${deductionsPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="ledger">
      <Typography.Title level={5}>{t("ledger.title")}</Typography.Title>
      {/* The whole deposit's figures, above the lines and wrapping on a phone: refund = deposit − Σ deductions. */}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 3 }} style={{ marginBottom: 12 }} data-testid="ledger-totals">
        <Descriptions.Item label={t("ledger.deposit")}>{money(deposit.amountCents ?? 0)}</Descriptions.Item>
        <Descriptions.Item label={t("ledger.deducted")}>
          <span data-testid="ledger-deducted">{money(deposit.deductedCents ?? 0)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("ledger.refund")}>
          <strong data-testid="ledger-refund">{money(deposit.refundCents ?? 0)}</strong>
        </Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="id"
        size="small"
        loading={lines.query.isLoading}
        pagination={total > LEDGER_PAGE ? { current: page, pageSize: LEDGER_PAGE, total, onChange: setPage, showSizeChanger: false } : false}
        dataSource={lines.result?.data ?? []}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: t("ledger.none") }}
        columns={[
          { title: t("ledger.kind"), dataIndex: "kind", render: (value: string) => t(`kinds.${value}`) },
          { title: t("ledger.reason"), dataIndex: "reason", render: (value: string, row) => (row.note ? `${value} (${row.note})` : value) },
          { title: t("ledger.by"), dataIndex: "createdByName" },
          { title: t("ledger.when"), dataIndex: "createdAt", render: (value: string) => formatDateTime(value) },
          {
            title: t("ledger.evidence"),
            dataIndex: "evidenceFileId",
            render: (value: number | null) =>
              value ? (
                <DepositFileLink fileId={value} testId="deduction-evidence">
                  {t("ledger.attached")}
                </DepositFileLink>
              ) : (
                ""
              ),
          },
          { title: t("ledger.amount"), dataIndex: "amountCents", align: "right", render: (value: number) => money(value) },
        ]}
      />
      {mayDeduct && (
        <Form name="deduction" form={form} layout="inline" validateTrigger="onBlur" style={{ marginTop: 12, rowGap: 8 }} data-testid="deduction-form">
          <Form.Item name="kind" rules={[{ required: true, message: t("required") }]}>
            <Select
              style={{ width: 170 }}
              placeholder={t("ledger.kind")}
              aria-label={t("ledger.kind")}
              options={deductionKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
              data-testid="deduction-kind"
            />
          </Form.Item>
          <Form.Item name="amount" rules={[{ required: true, message: t("required") }, amountRule(t("amountInvalid"), true)]}>
            <Input style={{ width: 140 }} inputMode="decimal" placeholder={t("ledger.amount")} aria-label={t("ledger.amount")} data-testid="deduction-amount" />
          </Form.Item>
          <Form.Item name="reason" rules={[{ required: true, whitespace: true, message: t("required") }]}>
            <Input style={{ width: 220 }} maxLength={1000} placeholder={t("ledger.reason")} aria-label={t("ledger.reason")} data-testid="deduction-reason" />
          </Form.Item>
          {kind === "OTHER" && (
            <Form.Item name="note" rules={[{ required: true, whitespace: true, message: t("required") }]}>
              <Input style={{ width: 180 }} maxLength={1000} placeholder={t("ledger.note")} aria-label={t("ledger.note")} />
            </Form.Item>
          )}
          <Form.Item>
            <Upload maxCount={1} beforeUpload={() => false} fileList={evidence} onChange={({ fileList }) => setEvidence(fileList)}>
              <Button icon={<UploadOutlined />}>{t("ledger.evidence")}</Button>
            </Upload>
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" icon={<PlusOutlined />} loading={busy} onClick={() => void add().catch(() => undefined)} data-testid="deduction-add">
                {t("ledger.add")}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
    </div>
  );
}
