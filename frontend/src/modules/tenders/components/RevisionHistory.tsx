import { useList, type BaseRecord } from "@refinedev/core";
import { Button, Card, ConfigProvider, Empty, Space, Spin, Typography } from "antd";
import { PaperClipOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { ChangesTable } from "./ChangesTable";
import { callMethod } from "./api";
import { formatDate, formatDateTime } from "./format";
import type { AddendumChange } from "./rules";
import { downloadAddendumDocument } from "./AddendumDocuments";
import { notifyError, notifySuccess } from "../../../providers/notifications";

/**
 * The revision history of a tender (spec §3 Revision, §7 Revisions): each issued version with its
 * changes (N added, E edited, D removed), its comment and its documents, newest first. The
 * original issue is version 0. `canComment`: the person in charge edits the addendum comment.
 */
export function RevisionHistory({ tender, canComment = false }: { tender: Record<string, any>; canComment?: boolean }) {
  const { t } = useTranslation("tender-revisions");
  const { query } = useList<BaseRecord>({
    resource: "tender-revisions",
    filters: [{ field: "tenderId", operator: "eq", value: tender.id }],
    sorters: [{ field: "version", order: "desc" }],
    pagination: { mode: "off" },
  });
  const revisions = query.data?.data ?? [];

  const saveComment = async (revision: BaseRecord, comment: string) => {
    if (comment === (revision.comment ?? "")) return;
    try {
      await callMethod("tender-revisions", "comment", { id: revision.id, updatedAt: revision.updatedAt, comment });
      notifySuccess(t("done.comment"));
    } catch (error) {
      notifyError("tender-revisions.comment", error);
    }
    await query.refetch();
  };

  if (query.isLoading) return <Spin style={{ display: "block", margin: 24 }} />;
  // Downloads and the comment stay open on read-only tender screens (their form disables its controls).
  return (
    <ConfigProvider componentDisabled={false}>
      <Space direction="vertical" style={{ width: "100%" }} size="middle" data-testid="revision-history">
        {revisions.map((revision) => (
          <Card
            key={String(revision.id)}
            size="small"
            data-testid={`revision-${revision.version}`}
            title={
              <Space>
                <span>{t("version", { version: revision.version })}</span>
                <Typography.Text type="secondary">{t("issuedOn", { date: formatDateTime(revision.createdAt) })}</Typography.Text>
              </Space>
            }
          >
            <Typography.Paragraph
              type={revision.comment ? undefined : "secondary"}
              data-testid="revision-comment"
              editable={
                canComment
                  ? {
                      onChange: (value) => void saveComment(revision, value.trim()),
                      text: revision.comment ?? "",
                      tooltip: t("actions.editComment"),
                      maxLength: 4000,
                    }
                  : false
              }
            >
              {revision.comment || t("noComment")}
            </Typography.Paragraph>
            <ChangesTable changes={(revision.changes ?? []) as AddendumChange[]} />
            {(revision.documents ?? []).length > 0 && (
              <Space wrap style={{ marginTop: 8 }}>
                {(revision.documents as { id: number; name: string }[]).map((document) => (
                  <Button key={document.id} type="link" icon={<PaperClipOutlined />} onClick={() => void downloadAddendumDocument(String(tender.id), document)}>
                    {document.name}
                  </Button>
                ))}
              </Space>
            )}
          </Card>
        ))}
        <Card
          size="small"
          data-testid="revision-0"
          styles={revisions.length ? { body: { display: "none" } } : undefined}
          title={
            <Space>
              <span>{t("version", { version: 0 })}</span>
              <Typography.Text type="secondary">{t("original", { date: formatDate(tender.issuedAt) })}</Typography.Text>
            </Space>
          }
        >
          {revisions.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("none")} />}
        </Card>
      </Space>
    </ConfigProvider>
  );
}
