import { useState } from "react";
import { useOne } from "@refinedev/core";
import { Alert, Button, Descriptions, Popconfirm, Space, Spin, Table, Tabs, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { StatusTag } from "../../../components/StatusTag";
import { formatDate, formatDateTime } from "../../../components/format";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { submissionWorkflow, claimDecision, type ClaimHistoryEntry } from "../../../../../backend/src/modules/projects/claims/submission.workflow";
import type { ScheduleLine } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import { amountText, SUBMISSIONS, useClaimActor, type Submission } from "./api";
import { ClaimActions } from "./ClaimActions";
import { ClaimForm } from "./ClaimForm";
import { ClaimInspector } from "./ClaimInspector";
import { ClaimVersions } from "./ClaimVersions";
import { LedgerView } from "./Ledger";

const NS = "project-submissions";

/** The accept or reject label (spec §4: it follows the latest action history entry). */
export function DecisionTag({ claim }: { claim: Pick<Submission, "decision" | "actionHistory"> }) {
  const { t } = useTranslation(NS);
  const decision = claim.decision !== undefined ? claim.decision : claimDecision(claim.actionHistory);
  if (!decision) return null;
  return (
    <Tag color={decision === "ACCEPTED" ? "green" : "red"} data-testid="claim-decision">
      {t(`decision.${decision}`)}
    </Tag>
  );
}

/**
 * One payment claim: its figures, the workflow buttons, the vendor's form while it is editable,
 * the G702/G703 ledger, the frozen versions with their PDFs and the action history. It refreshes
 * when anyone changes the claim (live events of the service).
 */
export function ClaimDetail({
  id,
  project,
  claims,
  schedule,
  onChanged,
  onDeleted,
}: {
  id: string;
  project: Record<string, any>;
  claims: readonly Submission[];
  schedule: readonly ScheduleLine[];
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation([NS, "project-inspectors"]);
  const actor = useClaimActor();
  const [editing, setEditing] = useState(false);
  const { query } = useOne<Submission>({ resource: SUBMISSIONS, id, liveMode: "auto" });
  const claim = query.data?.data;
  if (query.isError) return <Alert type="error" showIcon message={t("notFound")} />;
  if (!claim) return <Spin style={{ display: "block", margin: 48 }} />;

  const vendor = actor?.portal === "vendors" && String(actor.companyId) === String(project.companyId);
  const editable = vendor && submissionWorkflow.isIn("editable", claim.status) && ["ACTIVE", "COMPLETED"].includes(project.status);
  const changed = () => {
    void query.refetch();
    onChanged();
  };
  const remove = async () => {
    try {
      await api(`${SUBMISSIONS}/${encodeURIComponent(claim.id)}`, { method: "DELETE", action: `${SUBMISSIONS}.remove` });
      notifySuccess(t("done.deleted"));
      onDeleted();
    } catch (error) {
      notifyError(`${SUBMISSIONS}.remove`, error);
    }
  };

  if (editing)
    return (
      <ClaimForm
        project={project}
        claim={claim}
        claims={claims}
        schedule={schedule}
        onSaved={() => {
          setEditing(false);
          changed();
        }}
        onCancel={() => setEditing(false)}
      />
    );

  const figures = claim.figures;
  const history = [...(claim.actionHistory ?? [])].sort((a, b) => String(b.at).localeCompare(String(a.at)));
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }} data-testid="claim-detail">
      <Space wrap>
        <StatusTag status={claim.status} resource={NS} />
        <DecisionTag claim={claim} />
        {claim.version > 0 && <Tag>{t("compare.version", { version: claim.version })}</Tag>}
      </Space>
      {claim.status === "OPEN" && (claim.ledgerFailures?.length ?? 0) > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="claim-ledger-failures"
          message={t("ledger.outOfBalance")}
          description={[...new Set(claim.ledgerFailures!.map((failure) => failure.code))].map((code) => t(`ledgerFailures.${code}`)).join("; ")}
        />
      )}
      {claim.status === "REJECTED" && claim.rejectReason && (
        <Alert type="warning" showIcon message={t("reject.reason")} description={claim.rejectReason} data-testid="claim-reject-shown" />
      )}
      <Space wrap>
        <ClaimActions claim={claim} project={project} onDone={changed} />
        {editable && (
          <Button onClick={() => setEditing(true)} data-testid="claim-edit">
            {t("form.edit")}
          </Button>
        )}
        {editable && claim.status === "DRAFT" && (
          <Popconfirm
            title={t("form.confirmDelete")}
            okText={t("form.delete")}
            okButtonProps={{ danger: true }}
            cancelText={t("form.close")}
            onConfirm={remove}
          >
            <Button danger data-testid="claim-delete">
              {t("form.delete")}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }} data-testid="claim-fields">
        <Descriptions.Item label={t("fields.completionType")}>{claim.completionType ? t(`completionType.${claim.completionType}`) : ""}</Descriptions.Item>
        <Descriptions.Item label={t("fields.invoiceNumber")}>{claim.invoiceNumber}</Descriptions.Item>
        <Descriptions.Item label={t("fields.invoiceAmountCents")}>{amountText(claim.invoiceAmountCents)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.invoiceDate")}>{formatDate(claim.invoiceDate)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.completionAmountCents")}>
          <span data-testid="claim-completion-amount-shown">{amountText(claim.completionAmountCents)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("fields.deductionAmountCents")}>{amountText(claim.deductionAmountCents)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.previousAmountCents")}>{amountText(figures?.previousAmountCents ?? claim.previousAmountCents)}</Descriptions.Item>
        <Descriptions.Item label={t("fields.remainingBalanceCents")}>
          {amountText(figures?.remainingBalanceCents ?? claim.remainingBalanceCents)}
        </Descriptions.Item>
        {claim.ledger ? (
          // With a schedule of values the retention is the G702's (issue 27 item 6): named as the form names its lines.
          <>
            <Descriptions.Item label={t("figures.retentionOnWork", { percent: claim.ledger.retainageOnCompletedWork.percent })}>
              <span data-testid="claim-retention-5a">{amountText(claim.ledger.retainageOnCompletedWork.cents)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t("figures.retentionOnStored", { percent: claim.ledger.retainageOnStoredMaterials.percent })}>
              <span data-testid="claim-retention-5b">{amountText(claim.ledger.retainageOnStoredMaterials.cents)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t("figures.retentionReleasedToDate")}>{amountText(claim.ledger.retainageReleasedCents)}</Descriptions.Item>
            <Descriptions.Item label={t("figures.retentionHeldToDate")}>
              <span data-testid="claim-retention-held">{amountText(claim.ledger.totalRetainageCents)}</span>
            </Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t("fields.retentionAmountCents")}>
            {(figures?.retentionAmountCents ?? claim.retentionAmountCents) === null
              ? t("figures.retentionNotSet")
              : amountText(figures?.retentionAmountCents ?? claim.retentionAmountCents)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t("fields.fullCompletion")}>{figures?.fullCompletion ? t("figures.fullCompletionTicked") : "—"}</Descriptions.Item>
        <Descriptions.Item label={t("label", { ns: "project-inspectors" })}>
          <ClaimInspector claim={claim} project={project} onDone={changed} />
        </Descriptions.Item>
        {claim.releaseOverrideReason && <Descriptions.Item label={t("fields.overrideReason")}>{claim.releaseOverrideReason}</Descriptions.Item>}
      </Descriptions>
      <Tabs
        items={[
          { key: "ledger", label: t("sections.ledger"), children: <LedgerView figures={claim.ledger} /> },
          {
            key: "versions",
            label: t("sections.versions"),
            children: <ClaimVersions claim={claim} projectNumber={project.number} onDownloaded={() => void query.refetch()} />,
          },
          { key: "history", label: t("sections.history"), children: <ClaimHistory history={history} /> },
        ]}
      />
    </Space>
  );
}

/** The claim's action history (spec §3 Submission.actionHistory), newest first. */
function ClaimHistory({ history }: { history: ClaimHistoryEntry[] }) {
  const { t } = useTranslation(NS);
  return (
    <Table<ClaimHistoryEntry>
      size="small"
      rowKey={(entry) => `${String(entry.at)}-${entry.action}`}
      dataSource={history}
      pagination={false}
      locale={{ emptyText: t("history.none") }}
      data-testid="claim-history"
      columns={[
        { key: "action", title: t("history.action"), render: (_, entry) => t(`actions.${entry.action}`, { defaultValue: String(entry.action) }) },
        { key: "at", title: t("history.at"), render: (_, entry) => formatDateTime(entry.at) },
        // People are named when the service names them (byName); a bare user id tells a reader nothing.
        ...(history.some((entry) => (entry as { byName?: string }).byName)
          ? [{ key: "by", title: t("history.by"), render: (_: unknown, entry: ClaimHistoryEntry) => (entry as { byName?: string }).byName ?? "" }]
          : []),
        { key: "reason", title: t("history.reason"), render: (_, entry) => <Typography.Text>{entry.reason ?? entry.note ?? ""}</Typography.Text> },
      ]}
    />
  );
}
