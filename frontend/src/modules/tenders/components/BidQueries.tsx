import { useState } from "react";
import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Card, Form, Input, List, Space, Tag, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { callMethod, useTenderActor } from "./api";
import { formatDateTime } from "./format";
import { queryWorkflow, type QueryState } from "./rules";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { downloadQuery, QUERY_COLORS } from "./review/latest-query";

/**
 * The vendor's side of the queries (spec §4): the issued queries on its own bid, newest first,
 * each answered before its closing (query workflow `answer`); afterwards the answer or "no
 * response" stays. Drafts never reach the vendor (the server leaves them out). Live: a query
 * issued while the screen is open appears without a reload.
 */
export function BidQueries({ bid, prNumber, onAnswered }: { bid: Record<string, any>; prNumber: string; onAnswered?: () => void }) {
  const { t } = useTranslation("bids");
  const actor = useTenderActor() ?? undefined;
  const [busy, setBusy] = useState<number | null>(null);
  const [form] = Form.useForm<Record<string, string>>();
  const { query } = useList<BaseRecord>({
    resource: "tender-queries",
    filters: [{ field: "bidId", operator: "eq", value: bid.id }],
    sorters: [{ field: "order", order: "desc" }],
    pagination: { pageSize: 100, mode: "server" },
  });
  const queries = query.data?.data ?? [];
  if (!queries.length) return null;

  const answer = async (row: BaseRecord) => {
    setBusy(row.id as number);
    try {
      const values = await form.validateFields([`answer-${row.id}`]);
      await callMethod("tender-queries", "answer", { id: row.id, updatedAt: row.updatedAt, answer: values[`answer-${row.id}`].trim() });
      notifySuccess(t("queries.done"));
      await query.refetch();
      onAnswered?.();
    } catch (error) {
      if (!(error as { errorFields?: unknown }).errorFields) notifyError("tender-queries.answer", error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t("queries.title")} size="small" data-testid="bid-queries">
      <Form form={form} layout="vertical">
        <List
          rowKey="id"
          dataSource={queries}
          renderItem={(row) => {
            const open = queryWorkflow.can(
              row.status as QueryState,
              "answer",
              { status: row.status as QueryState, closingAt: row.closingAt, now: new Date(), vendorId: bid.companyId },
              actor,
            );
            return (
              <List.Item key={String(row.id)} data-testid="bid-query">
                <Space direction="vertical" style={{ width: "100%" }}>
                  <Space wrap>
                    <Typography.Text strong>#{row.order}</Typography.Text>
                    <Tag color={QUERY_COLORS[row.status as string]} data-testid="bid-query-status">
                      {t(`queries.status.${row.status}`, { defaultValue: row.status })}
                    </Tag>
                    <Typography.Text type="secondary">
                      {t("queries.closingAt")}: {formatDateTime(row.closingAt)}
                    </Typography.Text>
                    <Button size="small" icon={<DownloadOutlined />} onClick={() => downloadQuery(row, prNumber)}>
                      PDF
                    </Button>
                  </Space>
                  <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{row.question}</Typography.Paragraph>
                  {row.answer && (
                    <Typography.Paragraph type="success" style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>
                      {row.answer}
                    </Typography.Paragraph>
                  )}
                  {row.status === "ISSUED" && !open && <Typography.Text type="secondary">{t("queries.closed")}</Typography.Text>}
                  {open && (
                    <>
                      <Form.Item
                        name={`answer-${row.id}`}
                        label={t("queries.answer")}
                        rules={[{ required: true, whitespace: true, message: t("validation.required", { ns: "tenders" }) }]}
                        style={{ marginBottom: 8 }}
                      >
                        <Input.TextArea autoSize={{ minRows: 3 }} maxLength={4000} showCount data-testid="query-answer-input" />
                      </Form.Item>
                      <Button type="primary" loading={busy === row.id} onClick={() => answer(row)} data-testid="query-answer-submit">
                        {t("queries.submit")}
                      </Button>
                    </>
                  )}
                </Space>
              </List.Item>
            );
          }}
        />
      </Form>
    </Card>
  );
}
