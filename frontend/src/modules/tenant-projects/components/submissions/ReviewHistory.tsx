import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Card, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../../components/format";
import { useSession } from "../../../../providers/session";

interface Entry {
  id: number;
  batchOrder: number;
  actionType: string;
  userId: number | null;
  userName: string;
  commentTypes: string[];
  commentObject: Record<string, any> | null;
  internal: boolean;
  createdAt: string;
}

/** What the entry says, in a line: the comments it names, the outcome it gave. */
const detailOf = (entry: Entry, t: (key: string, options?: any) => string) => {
  const object = entry.commentObject ?? {};
  if (object.outcome) return t(`outcomes.${object.outcome}`);
  if (object.comments) return (object.comments as string[]).join(", ");
  return [object.label, object.status ? t(`comments.statuses.${object.status}`) : null, object.text ?? object.answer].filter(Boolean).join(" · ");
};

/**
 * The review history screen (spec §3 "Action history entry: actionType, user, commentTypes,
 * batchOrder, commentObject, guidelineId"): every act on the project's batches, oldest first; the
 * project's people read what was sent to them, reviewers also their drafting.
 */
export function ReviewHistory({ projectId }: { projectId: number }) {
  const { t } = useTranslation("submissions");
  const me = useSession((s) => s.user?.id);
  const { result, query } = useList<Entry>({
    resource: "tenant-submission-actions",
    filters: [{ field: "projectId", operator: "eq", value: projectId }],
    sorters: [{ field: "id", order: "asc" }],
    pagination: { currentPage: 1, pageSize: 100 },
  });
  return (
    <Table<Entry>
      size="small"
      rowKey="id"
      scroll={{ x: true }}
      loading={query.isLoading}
      dataSource={result?.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid="review-history"
      columns={[
        { title: t("history.when"), dataIndex: "createdAt", render: (value: string) => formatDateTime(value) },
        { title: t("history.batch"), dataIndex: "batchOrder", render: (order: number) => order + 1 },
        {
          title: t("history.action"),
          dataIndex: "actionType",
          render: (action: string, entry) => (
            <>
              {t(`history.actions.${action}`)}
              {entry.internal && <Tag style={{ marginLeft: 4 }}>{t("comments.draft")}</Tag>}
            </>
          ),
        },
        { title: t("history.types"), dataIndex: "commentTypes", render: (types: string[]) => types.map((type) => t(`comments.types.${type}`)).join(", ") },
        { title: t("history.detail"), render: (_, entry) => detailOf(entry, t) },
        { title: t("history.by"), render: (_, entry) => (entry.userId == null ? "—" : entry.userId === me ? t("you") : entry.userName) },
      ]}
    />
  );
}

/** The review history under the batches, folded until opened (it is read only when shown). */
export function ReviewHistoryCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation("submissions");
  const [shown, setShown] = useState(false);
  return (
    <Card
      size="small"
      title={t("history.title")}
      extra={
        <Button type="link" size="small" onClick={() => setShown(!shown)} aria-expanded={shown} data-testid="history-toggle">
          {shown ? t("hide") : t("show")}
        </Button>
      }
    >
      {shown && <ReviewHistory projectId={projectId} />}
    </Card>
  );
}
