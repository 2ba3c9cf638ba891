import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Alert, Button, Col, DatePicker, Descriptions, Form, Input, Row, Select, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AmountInput } from "../../../components/AmountInput";
import { EditConflictView } from "../../../components/settings/EditConflictView";
import { useDialogConflict } from "../../../components/settings/useDialogConflict";
import { dateInputFormat, formatPercent } from "../../../components/format";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import {
  claimProblems,
  completionTypes,
  suggestedCompletionType,
  isRetentionRelease,
  type ClaimFailure,
  type ClaimInput,
} from "../../../../../backend/src/modules/projects/claims/claim-rules.shared";
import { claimLineProblems, itemKey, type ScheduleLine } from "../../../../../backend/src/modules/projects/claims/schedule-of-values.shared";
import { releaseOverrideReasonMaxLength } from "../../../../../backend/src/modules/projects/claims/claim-rules.shared";
import { amountText, inputCents, SUBMISSIONS, type Submission } from "./api";
import { claimProject, liveFigures, otherClaims } from "./figures";
import { G702Summary } from "./Ledger";
import { ClaimLinesEntry } from "./ClaimLinesEntry";
import { claimForm, linesText, messageData, ruleCents, typedLines, type ClaimValues } from "./claim-form-values";

const NS = "project-submissions";

/**
 * A payment claim as its vendor writes it (spec §3 Submission, §4, §5; issue 12 items 5 and 6):
 * completion type, invoice, deduction and the completion amount, or, when the project has a
 * schedule of values, the work of this period and the materials stored per line (the completion
 * amount is then their total). The figures beside follow every keystroke; each field is checked
 * by the same rules as the server when it is left.
 */
export function ClaimForm({
  project,
  claim,
  claims,
  schedule,
  onSaved,
  onCancel,
}: {
  project: Record<string, any>;
  claim: Submission | null;
  claims: readonly Submission[];
  schedule: readonly ScheduleLine[];
  onSaved: (claim: Submission) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(NS);
  const [form] = Form.useForm<ClaimValues>();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as ClaimValues | undefined;
  const hasSchedule = schedule.length > 0;
  const status = claim?.status ?? "DRAFT";

  const initialValues = useMemo<ClaimValues>(() => claimForm(claim, project, schedule), [claim, project, schedule]);
  // A save another user's overtook (410) keeps the typing and offers what their save changed.
  const toForm = useCallback((stored: Submission) => claimForm(stored, project, schedule) as Record<string, unknown>, [project, schedule]);
  const claimId = claim?.id;
  const read = useCallback(() => api<Submission>(`${SUBMISSIONS}/${encodeURIComponent(String(claimId))}`), [claimId]);
  const { conflict, version, start, recover } = useDialogConflict<Submission>({ form, toForm, read });
  const opened = useRef(claim);
  opened.current = claim;
  useEffect(() => start(opened.current ?? undefined), [claimId, start]);

  const current = values ?? initialValues;
  const release = isRetentionRelease(current.completionType);
  const lines = hasSchedule && !release ? typedLines(schedule, current.lines) : [];
  const input: ClaimInput & { order?: number | null } = {
    id: claim?.id ?? null,
    order: claim?.order ?? null,
    status,
    completionType: current.completionType ?? null,
    completionAmountCents: ruleCents(current.completionAmount),
    deductionAmountCents: ruleCents(current.deductionAmount),
    retentionAmountCents: claim?.retentionAmountCents ?? null,
    invoiceNumber: current.invoiceNumber ?? "",
  };
  const live = liveFigures(project, schedule, claims, input, lines);
  const useLines = hasSchedule && !release;
  const claimInput = {
    ...input,
    completionAmountCents: useLines ? live.linesCompletionCents : input.completionAmountCents,
    ledgerRetentionHeldCents: live.ledgerRetentionHeldCents,
  };
  const problems = claimProblems(claimProject(project), claimInput, otherClaims(claims), "save");
  const lineProblems = useLines ? claimLineProblems(schedule, lines, live.previousCents) : [];

  const fieldRule = (field: string) => ({
    validator: async () => {
      const failure: ClaimFailure | undefined = problems.find((problem) => problem.field === field);
      if (failure) throw new Error(t(`errors.${failure.code}`, messageData(failure.data)));
    },
  });
  const amountRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const cents = inputCents(value);
      if (cents !== null && (Number.isNaN(cents) || cents < 0)) throw new Error(t("rules.amount"));
    },
  };
  const lineRule = (index: number, column: "work" | "stored") => ({
    validator: async (_rule: unknown, value: unknown) => {
      const cents = inputCents(value);
      if (cents !== null && Number.isNaN(cents)) throw new Error(t("rules.lineAmount"));
      const item = itemKey(schedule[index]?.item);
      const problem = lineProblems.find(
        (entry) => itemKey(entry.item) === item && (column === "work" ? entry.field !== "materialsStored" : entry.field === "materialsStored"),
      );
      if (problem) {
        const line = lines.findIndex((entry) => itemKey(entry.item) === item) + 1;
        throw new Error(t(`errors.${problem.code}`, { ...messageData(problem.data), line, item: schedule[index].item }));
      }
    },
  });

  const save = async (typed: ClaimValues) => {
    setSaving(true);
    const body = {
      completionType: typed.completionType ?? null,
      invoiceNumber: typed.invoiceNumber?.trim() ?? "",
      invoiceAmountCents: inputCents(typed.invoiceAmount),
      invoiceDate: typed.invoiceDate ? typed.invoiceDate.format("YYYY-MM-DD") : null,
      completionAmountCents: useLines ? live.linesCompletionCents : inputCents(typed.completionAmount),
      deductionAmountCents: inputCents(typed.deductionAmount) ?? 0,
      ...(useLines ? { lines: typedLines(schedule, typed.lines) } : {}),
    };
    try {
      const saved = claim
        ? await api<Submission>(`${SUBMISSIONS}/${encodeURIComponent(claim.id)}`, {
            method: "PATCH",
            action: `${SUBMISSIONS}.patch`,
            body: { ...body, ...(release ? { releaseOverrideReason: typed.releaseOverrideReason?.trim() || null } : {}), updatedAt: version },
          })
        : await api<Submission>(SUBMISSIONS, { method: "POST", action: `${SUBMISSIONS}.create`, body: { ...body, projectId: project.id } });
      notifySuccess(t(claim ? "done.saved" : "done.created"));
      onSaved(saved);
    } catch (error) {
      if (!(await recover(error))) notifyError(claim ? `${SUBMISSIONS}.patch` : `${SUBMISSIONS}.create`, error);
    } finally {
      setSaving(false);
    }
  };

  const { figures } = live;
  // Full completion ticks itself (spec §4): a partial claim that leaves no more than the retention becomes a full one.
  const suggested = suggestedCompletionType(current.completionType ?? null, figures);
  useEffect(() => {
    if (values && suggested !== values.completionType) form.setFieldValue("completionType", suggested);
  }, [suggested, values, form]);
  return (
    <Form<ClaimValues> form={form} layout="vertical" validateTrigger="onBlur" initialValues={initialValues} onFinish={save} data-testid="claim-form">
      <EditConflictView conflict={conflict} form={form} ns={NS} display={{ lines: (value) => linesText(schedule, value) }} />
      <Typography.Paragraph type="secondary">{t("form.help")}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="completionType" label={t("fields.completionType")} rules={[fieldRule("completionType")]}>
            <Select
              data-testid="claim-completion-type"
              options={completionTypes.map((value) => ({ value, label: t(`completionType.${value}`) }))}
              onChange={() => void form.validateFields(["completionAmount"]).catch(() => undefined)}
            />
          </Form.Item>
          <Form.Item name="invoiceNumber" label={t("fields.invoiceNumber")} rules={[{ max: 64, message: t("rules.invoiceNumberMax") }]}>
            <Input maxLength={64} data-testid="claim-invoice-number" />
          </Form.Item>
          <Form.Item name="invoiceAmount" label={t("fields.invoiceAmountCents")} rules={[amountRule]}>
            <AmountInput min={0} precision={2} style={{ width: "100%" }} data-testid="claim-invoice-amount" />
          </Form.Item>
          <Form.Item name="invoiceDate" label={t("fields.invoiceDate")}>
            <DatePicker format={dateInputFormat()} style={{ width: "100%" }} data-testid="claim-invoice-date" />
          </Form.Item>
          <Form.Item name="deductionAmount" label={t("fields.deductionAmountCents")} rules={[amountRule, fieldRule("deductionAmountCents")]}>
            <AmountInput min={0} precision={2} style={{ width: "100%" }} data-testid="claim-deduction" />
          </Form.Item>
          {useLines ? (
            <Form.Item label={t("fields.completionAmountCents")}>
              <Typography.Text strong data-testid="claim-completion-from-lines">
                {amountText(live.linesCompletionCents ?? 0)}
              </Typography.Text>
              {problems
                .filter((problem) => problem.field === "completionAmountCents")
                .map((problem) => (
                  <Typography.Paragraph key={problem.code} type="danger" role="alert" style={{ marginBottom: 0 }}>
                    {t(`errors.${problem.code}`, messageData(problem.data))}
                  </Typography.Paragraph>
                ))}
            </Form.Item>
          ) : (
            <Form.Item name="completionAmount" label={t("fields.completionAmountCents")} rules={[amountRule, fieldRule("completionAmountCents")]}>
              <AmountInput min={0} precision={2} style={{ width: "100%" }} data-testid="claim-completion-amount" />
            </Form.Item>
          )}
          {release && claim && (
            <Form.Item
              name="releaseOverrideReason"
              label={t("form.overrideReason")}
              rules={[{ max: releaseOverrideReasonMaxLength, message: t("rules.reason", { max: releaseOverrideReasonMaxLength }) }]}
            >
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={12}>
          <Descriptions
            size="small"
            column={1}
            bordered
            title={t("sections.figures")}
            data-testid="claim-live-figures"
            styles={{ label: { width: "55%" }, content: { textAlign: "right", fontVariantNumeric: "tabular-nums" } }}
          >
            <Descriptions.Item label={t("figures.projectAmount")}>{amountText(Number(project.totalAmountCents ?? 0))}</Descriptions.Item>
            <Descriptions.Item label={t("figures.revisedAmount")}>{amountText(figures.revisedAmountCents)}</Descriptions.Item>
            <Descriptions.Item label={t("figures.previousAmount")}>{amountText(figures.previousAmountCents)}</Descriptions.Item>
            <Descriptions.Item label={t("figures.balanceBefore")}>{amountText(figures.balanceBeforeCents)}</Descriptions.Item>
            <Descriptions.Item label={t("figures.remainingBalance")}>
              <span data-testid="live-remaining">{amountText(figures.remainingBalanceCents)}</span>
            </Descriptions.Item>
            <Descriptions.Item
              label={
                project.retentionPercent === null || project.retentionPercent === undefined
                  ? t("figures.retention")
                  : t("figures.retentionOfRevised", { percent: formatPercent(project.retentionPercent) })
              }
            >
              <span data-testid="live-retention">
                {figures.retentionAmountCents === null ? t("figures.retentionNotSet") : amountText(figures.retentionAmountCents)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t("figures.deductible")}>{amountText(figures.deductibleAmountCents)}</Descriptions.Item>
            {release && <Descriptions.Item label={t("figures.retentionHeld")}>{amountText(figures.retentionHeldCents)}</Descriptions.Item>}
            <Descriptions.Item label={t("figures.fullCompletion")}>
              {figures.fullCompletion ? (
                <Tag color="green" data-testid="live-full-completion">
                  {t("figures.fullCompletionTicked")}
                </Tag>
              ) : (
                "—"
              )}
            </Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
      {useLines && <ClaimLinesEntry schedule={schedule} previousCents={live.previousCents} lineRule={lineRule} />}
      {hasSchedule && live.ledger && (
        <div style={{ marginTop: 16 }}>
          <Alert type="info" showIcon message={t("ledger.draft")} style={{ marginBottom: 8 }} />
          <G702Summary figures={live.ledger} />
        </div>
      )}
      <Space style={{ marginTop: 16 }} wrap>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="claim-save">
          {t("form.save")}
        </Button>
        <Button onClick={onCancel}>{t("form.cancel")}</Button>
      </Space>
    </Form>
  );
}
