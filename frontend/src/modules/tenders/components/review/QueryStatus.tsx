import { useState } from "react";
import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Card, DatePicker, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { callMethod, useRegionTimeZone } from "../api";
import { bidDisplayStatus, closingInstant, closingTimeOptions, type BidState, type ClosingTimeOption, type TenderState } from "../rules";
import { formatDateTime, dateInputFormat } from "../format";
import { api } from "../../../../providers/api";
import { useBusyAction } from "../../../../components/useBusyAction";
import { downloadQuery, latestQuery, QUERY_COLORS } from "./latest-query";
import { useManagesTender, useTenderBids } from "./useTenderBids";

/**
 * Query status (spec /summary/{id}/query): each replied bid with its queries and statuses. The
 * person in charge raises a query on a SUBMITTED bid (question and closing date, a draft first),
 * then issues it to the vendor; answers and NO_RESPONSE (closing passed) arrive live.
 */
export function QueryStatus({ tender }: { tender: Record<string, any> }) {
  const { t } = useTranslation("tenders");
  const timeZone = useRegionTimeZone();
  const manages = useManagesTender(tender);
  const { bids, companyName } = useTenderBids(tender.id);
  const { query } = useList<BaseRecord>({
    resource: "tender-queries",
    filters: [{ field: "tenderId", operator: "eq", value: tender.id }],
    sorters: [{ field: "order", order: "desc" }],
    pagination: { pageSize: 100, mode: "server" },
  });
  const queries = query.data?.data ?? [];
  const [raising, setRaising] = useState<BaseRecord | null>(null);
  const { busy, run } = useBusyAction(() => query.refetch());
  const [form] = Form.useForm<{ question: string; closingDate: Dayjs; closingTime: ClosingTimeOption }>();
  const facts = { status: tender.status as TenderState, version: Number(tender.version ?? 0), addendumStatus: tender.addendumStatus };
  const replied = bids.filter((bid) => !["INVITED", "DRAFT"].includes(String(bid.status)));
  const mayRaise = manages && tender.status === "REVIEW";

  const raise = () =>
    run(
      "raise",
      "tender-queries.create",
      async () => {
        const values = await form.validateFields();
        const closingAt = closingInstant(values.closingDate.format("YYYY-MM-DD"), values.closingTime, timeZone);
        await api("tender-queries", {
          method: "POST",
          body: { bidId: raising!.id, question: values.question.trim(), closingAt: closingAt.toISOString() },
          action: "tender-queries.create",
        });
        setRaising(null);
      },
      t("queries.done.create"),
    );

  const issue = (row: BaseRecord) =>
    run(
      `issue:${row.id}`,
      "tender-queries.issue",
      () => callMethod("tender-queries", "issue", { id: row.id, updatedAt: row.updatedAt }),
      t("queries.done.issue"),
    );
  const remove = (row: BaseRecord) =>
    run(
      `remove:${row.id}`,
      "tender-queries.delete",
      () => api(`tender-queries/${row.id}`, { method: "DELETE", action: "tender-queries.remove" }),
      t("queries.done.remove"),
    );

  if (!replied.length) return <Empty description={t("queries.noBids")} />;

  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid="query-status">
      {replied.map((bid) => {
        const own = queries.filter((row) => row.bidId === bid.id);
        const text = bidDisplayStatus({ status: bid.status as BidState }, facts, latestQuery(queries, bid.id) as never);
        const canRaise = mayRaise && (bid.status === "SUBMITTED" || bid.status === "QUERY");
        return (
          <Card
            key={String(bid.id)}
            size="small"
            data-testid="query-bid"
            data-vendor={companyName(bid.companyId)}
            title={
              <Space>
                <span>{companyName(bid.companyId)}</span>
                <Tag color="blue" data-testid="query-bid-status">
                  {t(`bidStatus.${text}`, { defaultValue: text })}
                </Tag>
              </Space>
            }
            extra={
              canRaise && (
                <Button
                  size="small"
                  onClick={() => {
                    form.resetFields();
                    setRaising(bid);
                  }}
                  data-testid="raise-query"
                >
                  {t("queries.raise")}
                </Button>
              )
            }
          >
            <Table<BaseRecord> size="small" rowKey="id" dataSource={own} pagination={false} locale={{ emptyText: t("queries.none") }}>
              <Table.Column<BaseRecord> dataIndex="order" title="#" width={48} />
              <Table.Column<BaseRecord>
                dataIndex="question"
                title={t("queries.question")}
                width="32%"
                render={(value) => <Typography.Text style={{ whiteSpace: "pre-wrap" }}>{value}</Typography.Text>}
              />
              <Table.Column<BaseRecord>
                dataIndex="answer"
                title={t("queries.answer")}
                width="32%"
                render={(value) => (
                  <Typography.Text style={{ whiteSpace: "pre-wrap" }} data-testid="query-answer">
                    {value ?? ""}
                  </Typography.Text>
                )}
              />
              <Table.Column<BaseRecord>
                dataIndex="status"
                title={t("fields.status")}
                width={130}
                render={(value) => (
                  <Tag color={QUERY_COLORS[value] ?? "default"} data-testid="query-row-status">
                    {t(`queries.status.${value}`, { defaultValue: value })}
                  </Tag>
                )}
              />
              <Table.Column<BaseRecord>
                dataIndex="closingAt"
                title={t("queries.closingAt")}
                width={170}
                render={(value) => <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(value)}</span>}
              />
              <Table.Column<BaseRecord>
                width={170}
                render={(_, row) => (
                  <Space size={4}>
                    {row.status === "DRAFT" && manages && (
                      <>
                        <Popconfirm title={t("queries.confirmIssue")} okText={t("queries.issue")} cancelText={t("actions.close")} onConfirm={() => issue(row)}>
                          <Button size="small" type="primary" loading={busy === `issue:${row.id}`} data-testid="issue-query">
                            {t("queries.issue")}
                          </Button>
                        </Popconfirm>
                        <Popconfirm
                          title={t("queries.confirmRemove")}
                          okText={t("queries.remove")}
                          cancelText={t("actions.close")}
                          onConfirm={() => remove(row)}
                        >
                          <Button size="small" danger loading={busy === `remove:${row.id}`}>
                            {t("queries.remove")}
                          </Button>
                        </Popconfirm>
                      </>
                    )}
                    {row.status !== "DRAFT" && (
                      <Button size="small" icon={<DownloadOutlined />} onClick={() => downloadQuery(row, tender.prNumber)} data-testid="query-pdf">
                        PDF
                      </Button>
                    )}
                  </Space>
                )}
              />
            </Table>
          </Card>
        );
      })}
      <Modal
        open={raising !== null}
        title={t("queries.raiseTo", { vendor: raising ? companyName(raising.companyId) : "" })}
        okText={t("queries.saveDraft")}
        cancelText={t("actions.close")}
        confirmLoading={busy === "raise"}
        onOk={raise}
        onCancel={() => setRaising(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" data-testid="query-form">
          <Form.Item name="question" label={t("queries.question")} rules={[{ required: true, whitespace: true, message: t("validation.required") }]}>
            <Input.TextArea autoSize={{ minRows: 3 }} maxLength={4000} showCount data-testid="query-question" />
          </Form.Item>
          <Space.Compact block>
            <Form.Item name="closingDate" label={t("queries.closingAt")} rules={[{ required: true, message: t("validation.required") }]} style={{ flex: 1 }}>
              <DatePicker
                style={{ width: "100%" }}
                format={dateInputFormat()}
                disabledDate={(day) => day.isBefore(new Date(), "day")}
                data-testid="query-closing-date"
              />
            </Form.Item>
            <Form.Item name="closingTime" label={t("fields.closingTime")} initialValue="17:00" style={{ width: 160 }}>
              <Select options={closingTimeOptions.map((option) => ({ value: option.value, label: t(`closingTime.${option.value}`) }))} />
            </Form.Item>
          </Space.Compact>
        </Form>
      </Modal>
    </Space>
  );
}
