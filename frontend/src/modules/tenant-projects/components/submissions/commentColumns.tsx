import { Space, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import type { Comment } from "./submissionApi";

const statusColour: Record<string, string> = { OPEN: "red", ANSWERED: "blue", NA: "default", CLOSED: "green", DELETED: "default" };

/**
 * The comment register's columns that show a comment: its id ("1.a"), type, the batch that raised
 * it, its text (a draft tag, the guideline item it cites), its state and its answer (with the batch
 * that carried it). The register adds the column of the caller's moves.
 */
export function commentColumns(t: TFunction, citedItem: (guidelineId: number | null | undefined) => string | undefined): ColumnsType<Comment> {
  return [
    { title: t("comments.id"), dataIndex: "label", width: 60, render: (label: string) => <Typography.Text strong>{label}</Typography.Text> },
    { title: t("comments.type"), dataIndex: "type", width: 90, render: (type: string) => t(`comments.types.${type}`) },
    { title: t("comments.batch"), dataIndex: "batchOrder", width: 70, render: (order: number) => order + 1 },
    {
      title: t("comments.text"),
      dataIndex: "text",
      render: (text: string, comment) => (
        <Space direction="vertical" size={0}>
          {text}
          <Space size={2}>
            {!comment.sentAt && <Tag>{t("comments.draft")}</Tag>}
            {citedItem(comment.guidelineId) && <Tag color="geekblue">{t("comments.cites", { item: citedItem(comment.guidelineId) })}</Tag>}
          </Space>
        </Space>
      ),
    },
    {
      title: t("comments.status"),
      dataIndex: "status",
      width: 110,
      render: (status: string) => (
        <Tag color={statusColour[status]} data-testid="comment-status">
          {t(`comments.statuses.${status}`)}
        </Tag>
      ),
    },
    {
      title: t("comments.answer"),
      render: (_, comment) =>
        comment.answer || comment.status === "NA"
          ? `${comment.answer ?? ""}${comment.answeredOrder != null ? ` (${t("comments.inBatch", { batch: comment.answeredOrder + 1 })})` : ""}`
          : "",
    },
  ];
}
