import { useState } from "react";
import { useList } from "@refinedev/core";
import { Button, Form, Popconfirm, Space, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { notifyError } from "../../../../providers/notifications";
import { tenantSubmissionCommentsPath } from "../../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submissions.shared";
import { AnswerDialog, CommentFormDialog } from "./CommentDialogs";
import { commentColumns } from "./commentColumns";
import { reviewCall, type Batch, type Comment } from "./submissionApi";

/**
 * The project's comment register (issue 29 items 5 and 6): every comment by its stable id ("1.a"),
 * the batch that raised it, its answer and state. The reviewer holding a step adds comments and
 * edits or deletes them until the review is sent; the tenant answers each sent comment (or marks it
 * not applicable) with its next batch; reviewers close an answer or reopen it.
 */
export function CommentRegister({
  projectId,
  openBatch,
  mayAnswer,
  mayCheck,
  holdsStep,
}: {
  projectId: number;
  /** The project's undecided batch, if any: the one answers go with, or the one in review. */
  openBatch: Batch | undefined;
  mayAnswer: boolean;
  mayCheck: boolean;
  /** The caller is the reviewer of the open batch's running step. */
  holdsStep: boolean;
}) {
  const { t } = useTranslation("submissions");
  const [answering, setAnswering] = useState<Comment | null>(null);
  const [editing, setEditing] = useState<Comment | "new" | null>(null);
  const [form] = Form.useForm();
  const [answerForm] = Form.useForm();
  const { result, query } = useList<Comment>({
    resource: tenantSubmissionCommentsPath,
    filters: [
      { field: "projectId", operator: "eq", value: projectId },
      { field: "status", operator: "ne", value: "DELETED" },
    ],
    sorters: [
      { field: "section", order: "asc" },
      { field: "item", order: "asc" },
    ],
    pagination: { mode: "off" },
  });
  const comments = result?.data ?? [];
  // The published fit-out guidelines a reviewer's comment may cite (spec §3 action history "guidelineId").
  const { result: guidelines } = useList<{ id: number; itemId: string; sectionContent: { value: string }[] }>({
    resource: "guidelines",
    filters: [
      { field: "type", operator: "eq", value: "FIT_OUT" },
      { field: "isCurrent", operator: "eq", value: true },
    ],
    pagination: { mode: "off" },
    // Whoever may not read the guidelines (a project's contractor) sees the comments without the reference.
    errorNotification: false,
  });
  const guidelineOptions = (guidelines?.data ?? []).map((item) => ({
    value: item.id,
    label: `${item.itemId}. ${item.sectionContent[0]?.value ?? ""}`.slice(0, 80),
  }));
  const citedItem = (id: number | null | undefined) => (guidelines?.data ?? []).find((item) => item.id === id)?.itemId;
  const sections = [...new Set(comments.map((comment) => comment.section))];
  const nextSection = Math.max(0, ...sections) + 1;
  const open = comments.filter((comment) => comment.status === "OPEN" && comment.sentAt).length;

  const takesAnswer = (comment: Comment) =>
    mayAnswer &&
    Boolean(comment.sentAt) &&
    comment.status !== "CLOSED" &&
    Boolean(openBatch) &&
    ((openBatch!.status === "STARTED" && comment.batchOrder < openBatch!.order) ||
      (openBatch!.status === "UPDATE_PENDING" && comment.batchOrder <= openBatch!.order));

  const run = async (operation: string, call: () => Promise<unknown>, subject?: string) => {
    try {
      await call();
      await query.refetch();
      return true;
    } catch (error) {
      notifyError(`${tenantSubmissionCommentsPath}.${operation}`, error, subject);
      return false;
    }
  };

  const saveComment = async (values: { text: string; section: number; guidelineId?: number }) => {
    const done =
      editing === "new"
        ? await run("create", () =>
            api(tenantSubmissionCommentsPath, {
              method: "POST",
              body: { submissionId: openBatch!.id, text: values.text, section: values.section },
              action: `${tenantSubmissionCommentsPath}.create`,
            }),
          )
        : await run(
            "patch",
            () =>
              api(`${tenantSubmissionCommentsPath}/${(editing as Comment).id}`, {
                method: "PATCH",
                body: { text: values.text, updatedAt: (editing as Comment).updatedAt },
                action: `${tenantSubmissionCommentsPath}.patch`,
              }),
            (editing as Comment).label,
          );
    if (done) setEditing(null);
  };

  const saveAnswer = async (values: { answer?: string; notApplicable?: boolean }) => {
    const comment = answering!;
    const done = await run(
      "answer",
      () =>
        reviewCall(tenantSubmissionCommentsPath, "answer", {
          id: comment.id,
          updatedAt: comment.updatedAt,
          answer: values.answer ?? "",
          notApplicable: Boolean(values.notApplicable),
        }),
      comment.label,
    );
    if (done) setAnswering(null);
  };

  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Space wrap>
        <Typography.Text>{t("comments.summary", { open, total: comments.filter((comment) => comment.sentAt).length })}</Typography.Text>
        {holdsStep && openBatch && (
          <Button
            type="primary"
            size="small"
            data-testid="comment-add"
            onClick={() => {
              form.setFieldsValue({ text: "", section: nextSection });
              setEditing("new");
            }}
          >
            {t("comments.add")}
          </Button>
        )}
      </Space>
      <Table<Comment>
        size="small"
        rowKey="id"
        scroll={{ x: true }}
        loading={query.isLoading}
        dataSource={comments}
        pagination={false}
        locale={{ emptyText: t("comments.none") }}
        data-testid="comment-register"
        rowClassName={(comment) => `comment-${comment.label.replace(".", "-")}`}
        columns={[
          ...commentColumns(t, citedItem),
          {
            title: "",
            render: (_, comment) => (
              <Space size={4} wrap>
                {takesAnswer(comment) && (
                  <Button
                    size="small"
                    data-testid={`comment-answer-${comment.label}`}
                    onClick={() => {
                      answerForm.setFieldsValue({ answer: comment.answer ?? "", notApplicable: comment.status === "NA" });
                      setAnswering(comment);
                    }}
                  >
                    {t("comments.answerAction")}
                  </Button>
                )}
                {holdsStep && !comment.sentAt && openBatch?.id === comment.submissionId && (
                  <>
                    <Button
                      size="small"
                      onClick={() => {
                        form.setFieldsValue({ text: comment.text, section: comment.section });
                        setEditing(comment);
                      }}
                    >
                      {t("comments.edit")}
                    </Button>
                    <Popconfirm
                      title={t("comments.deleteConfirm", { label: comment.label })}
                      onConfirm={() =>
                        void run(
                          "remove",
                          () => api(`${tenantSubmissionCommentsPath}/${comment.id}`, { method: "DELETE", action: `${tenantSubmissionCommentsPath}.remove` }),
                          comment.label,
                        )
                      }
                    >
                      <Button size="small" danger>
                        {t("comments.delete")}
                      </Button>
                    </Popconfirm>
                  </>
                )}
                {mayCheck && (comment.status === "ANSWERED" || comment.status === "NA") && (
                  <Button
                    size="small"
                    data-testid={`comment-check-${comment.label}`}
                    onClick={() =>
                      void run(
                        "check",
                        () => reviewCall(tenantSubmissionCommentsPath, "check", { id: comment.id, updatedAt: comment.updatedAt }),
                        comment.label,
                      )
                    }
                  >
                    {t("comments.check")}
                  </Button>
                )}
                {mayCheck && comment.status === "CLOSED" && (
                  <Button
                    size="small"
                    onClick={() =>
                      void run(
                        "uncheck",
                        () => reviewCall(tenantSubmissionCommentsPath, "uncheck", { id: comment.id, updatedAt: comment.updatedAt }),
                        comment.label,
                      )
                    }
                  >
                    {t("comments.uncheck")}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CommentFormDialog
        editing={editing}
        form={form}
        sections={sections}
        nextSection={nextSection}
        guidelineOptions={guidelineOptions}
        onSubmit={saveComment}
        onCancel={() => setEditing(null)}
      />
      <AnswerDialog answering={answering} form={answerForm} onSubmit={saveAnswer} onCancel={() => setAnswering(null)} />
    </Space>
  );
}
