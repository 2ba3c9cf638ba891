import { useState } from "react";
import { useList } from "@refinedev/core";
import { Alert, Button, Card, Empty, Form, Popconfirm, Space, Tag, Typography } from "antd";
import { FilePdfOutlined } from "@ant-design/icons";
import { subject } from "@casl/ability";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api, downloadFile } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { useSession } from "../../../../providers/session";
import { ReasonDialog } from "../../../../components/ReasonDialog";
import { holderColumn } from "../../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submission.workflow";
import {
  submissionLimits,
  tenantSubmissionsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submissions.shared";
import { BatchClock } from "./BatchClock";
import { ReassignDialog, ReviewDialog } from "./BatchDialogs";
import { BatchFacts, batchStatusColour } from "./BatchFacts";
import { BatchFiles } from "./BatchFiles";
import { CommentRegister } from "./CommentRegister";
import { ReviewHistoryCard } from "./ReviewHistory";
import { reviewCall, type Batch } from "./submissionApi";

/**
 * The project's submissions tab (spec §2 "submissions 1"; issue 29 items 4 to 10): the batches,
 * newest first, each with its status, ball in court and clock, its files, and the moves the caller
 * may take (the tenant starts, files and sends; the step's reviewer decides; a manager reassigns or
 * cancels), then the comment register and the review history. Every list is live: the tenant and
 * the reviewers see each other's changes as they happen.
 */
export function ProjectSubmissions({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("submissions");
  const me = useSession((s) => s.user?.id);
  useSession((s) => s.rules);
  const [search] = useSearchParams();
  const [busy, setBusy] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<Batch | null>(null);
  const [reassigning, setReassigning] = useState<Batch | null>(null);
  const [cancelling, setCancelling] = useState<Batch | null>(null);
  // Which batches show their details: the one the link names (underBatch), else the undecided one, else the newest; each can be opened or closed.
  const [toggled, setToggled] = useState<Record<number, boolean>>({});
  const [reviewForm] = Form.useForm();
  const [reassignForm] = Form.useForm();
  const { result, query } = useList<Batch>({
    resource: tenantSubmissionsPath,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    sorters: [{ field: "order", order: "desc" }],
    pagination: { mode: "off" },
  });
  const batches = result?.data ?? [];
  const ability = currentAbility();
  const closed = project.status === "WITHDRAWN" || project.status === "CANCELLED";
  const worksOnProject = !closed && ability.can("update", subject("tenant-projects", { ...project }) as any);
  const mayComment = ability.can("comment", "tenant-submissions");
  const openBatch = batches.find((batch) => !batch.completedDate);
  const initiallyOpen = Number(search.get("underBatch") ?? openBatch?.id ?? 0) || undefined;
  const isOpen = (batch: Batch) =>
    toggled[batch.id] ?? (initiallyOpen ? batch.id === initiallyOpen || batch.id === openBatch?.id : batch.id === batches[0]?.id);
  const toggle = (id: number) => setToggled((current) => ({ ...current, [id]: !isOpen(batches.find((batch) => batch.id === id)!) }));
  const holds = (batch: Batch) => batch.ball.side === "reviewer" && batch.ball.reviewerId === me;
  // A completed review takes no further batch; a disapproved or cancelled one is followed by the next.
  const mayStart = worksOnProject && !openBatch && batches[0]?.status !== "COMPLETED" && (project.status === "SUBMITTED" || project.status === "IN_PROGRESS");

  const run = async (key: string, call: () => Promise<unknown>, done: string, subjectName?: string) => {
    setBusy(key);
    try {
      await call();
      notifySuccess(done);
      await query.refetch();
      return true;
    } catch (error) {
      notifyError(`${tenantSubmissionsPath}.${key.split(":")[0]}`, error, subjectName);
      return false;
    } finally {
      setBusy(null);
    }
  };
  const move = (batch: Batch, method: string, extra: Record<string, unknown> = {}) =>
    reviewCall(tenantSubmissionsPath, method, { id: batch.id, updatedAt: batch.updatedAt, ...extra });

  const submitReview = async (values: { outcome: string; nextReviewerId?: number }) => {
    const batch = reviewing!;
    if (
      await run(
        `review:${batch.id}`,
        () => move(batch, "review", { outcome: values.outcome, nextReviewerId: values.nextReviewerId ?? null }),
        t("done.review"),
        t("batch", { number: batch.batchNumber }),
      )
    )
      setReviewing(null);
  };
  const submitReassign = async (values: { reviewerId: number }) => {
    const batch = reassigning!;
    if (
      await run(
        `reassign:${batch.id}`,
        () => move(batch, "reassign", { reviewerId: values.reviewerId }),
        t("done.reassign"),
        t("batch", { number: batch.batchNumber }),
      )
    )
      setReassigning(null);
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="project-submissions">
      <Space wrap>
        {mayStart && (
          <Button
            type="primary"
            loading={busy === "create"}
            data-testid="batch-start"
            onClick={() =>
              void run(
                "create",
                () => api(tenantSubmissionsPath, { method: "POST", body: { projectId: project.id }, action: `${tenantSubmissionsPath}.create` }),
                t("done.create"),
              )
            }
          >
            {t("start", { number: (batches[0]?.batchNumber ?? 0) + 1 })}
          </Button>
        )}
        {!batches.length && !mayStart && <Typography.Text type="secondary">{t("noneYet")}</Typography.Text>}
      </Space>
      {batches.map((batch) => {
        const step = batch.ball.side === "reviewer" ? batch.ball.step : null;
        const filing = worksOnProject && (batch.status === "STARTED" || batch.status === "UPDATE_PENDING");
        const reviewerName = (id: number | null) => (id == null ? t("unassigned") : id === me ? t("you") : (batch.reviewerNames[id] ?? ""));
        const shown = isOpen(batch);
        return (
          <Card
            key={batch.id}
            size="small"
            id={`batch-${batch.id}`}
            title={
              <Space wrap data-testid={`batch-${batch.batchNumber}`}>
                <Typography.Text strong>{t("batch", { number: batch.batchNumber })}</Typography.Text>
                <Tag color={batchStatusColour[batch.status]} data-testid={`batch-${batch.batchNumber}-status`}>
                  {t(`statuses.${batch.status}`)}
                </Tag>
                {batch.pinned && <Tag color="magenta">{t("yourTurn")}</Tag>}
                <BatchClock batch={batch} reviewerName={reviewerName} />
              </Space>
            }
            extra={
              <Button type="link" size="small" onClick={() => toggle(batch.id)} aria-expanded={shown} data-testid={`batch-${batch.batchNumber}-toggle`}>
                {shown ? t("hide") : t("show")}
              </Button>
            }
            styles={{ body: shown ? undefined : { display: "none" } }}
          >
            <Space direction="vertical" style={{ width: "100%" }}>
              <Space wrap>
                {worksOnProject && batch.status === "STARTED" && (
                  <Popconfirm
                    title={t("confirm.send")}
                    onConfirm={() => void run(`send:${batch.id}`, () => move(batch, "send"), t("done.send"), t("batch", { number: batch.batchNumber }))}
                  >
                    <Button type="primary" loading={busy === `send:${batch.id}`} data-testid={`batch-${batch.batchNumber}-send`}>
                      {t("actions.send")}
                    </Button>
                  </Popconfirm>
                )}
                {worksOnProject && batch.status === "UPDATE_PENDING" && (
                  <Popconfirm
                    title={t("confirm.resend")}
                    onConfirm={() => void run(`resend:${batch.id}`, () => move(batch, "resend"), t("done.resend"), t("batch", { number: batch.batchNumber }))}
                  >
                    <Button type="primary" loading={busy === `resend:${batch.id}`} data-testid={`batch-${batch.batchNumber}-resend`}>
                      {t("actions.resend")}
                    </Button>
                  </Popconfirm>
                )}
                {step && holds(batch) && (
                  <Button
                    type="primary"
                    data-testid={`batch-${batch.batchNumber}-review`}
                    onClick={() => {
                      reviewForm.resetFields();
                      setReviewing(batch);
                    }}
                  >
                    {t("actions.review", { step: t(`steps.${step}`) })}
                  </Button>
                )}
                {step && ability.can("reassign", subject("tenant-submissions", { ...batch }) as any) && (
                  <Button
                    onClick={() => {
                      reassignForm.setFieldsValue({ reviewerId: batch[holderColumn[step]] ?? undefined });
                      setReassigning(batch);
                    }}
                  >
                    {t("actions.reassign")}
                  </Button>
                )}
                {!batch.completedDate && ability.can("cancel", subject("tenant-submissions", { ...batch }) as any) && (
                  <Button danger onClick={() => setCancelling(batch)}>
                    {t("actions.cancel")}
                  </Button>
                )}
                <Button
                  icon={<FilePdfOutlined />}
                  onClick={() =>
                    void downloadFile(`documents/tenant-submission-batch/${batch.id}`, {}, `submission-batch-${batch.batchNumber}.pdf`).catch((error) =>
                      notifyError("documents.get", error),
                    )
                  }
                >
                  {t("actions.pdf")}
                </Button>
              </Space>
              <BatchFacts batch={batch} />
              {/* Sending marks the files submitted: they are read again with the batch's new version. */}
              {shown && <BatchFiles key={batch.updatedAt} batchId={batch.id} filing={filing} />}
            </Space>
          </Card>
        );
      })}
      {batches.some((batch) => batch.status === "UPDATE_PENDING") && worksOnProject && <Alert type="warning" showIcon message={t("updatePending")} />}
      <Card size="small" title={t("comments.title")}>
        <CommentRegister
          projectId={project.id}
          openBatch={openBatch}
          mayAnswer={worksOnProject}
          mayCheck={mayComment}
          holdsStep={Boolean(openBatch && holds(openBatch) && mayComment)}
        />
      </Card>
      {batches.length > 0 && <ReviewHistoryCard projectId={project.id} />}
      {batches.length === 0 && !mayStart && <Empty description={t("noneYet")} />}
      <ReviewDialog reviewing={reviewing} form={reviewForm} busy={busy?.startsWith("review")} onSubmit={submitReview} onCancel={() => setReviewing(null)} />
      <ReassignDialog reassigning={reassigning} form={reassignForm} onSubmit={submitReassign} onCancel={() => setReassigning(null)} />
      <ReasonDialog
        open={cancelling !== null}
        title={t("actions.cancel")}
        cancelText={t("back")}
        label={t("fields.statusReason")}
        maxLength={submissionLimits.reason}
        valid={(reason) => Boolean(reason?.trim())}
        invalid={t("reasonRequired")}
        busy={busy !== null}
        testId="batch-cancel-reason"
        onSubmit={(reason) =>
          cancelling &&
          void run(`cancel:${cancelling.id}`, () => move(cancelling, "cancel", { reason }), t("done.cancel")).then((done) => done && setCancelling(null))
        }
        onCancel={() => setCancelling(null)}
      />
    </Space>
  );
}
