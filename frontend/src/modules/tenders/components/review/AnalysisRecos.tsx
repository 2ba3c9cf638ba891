import { useEffect, useState } from "react";
import { Alert, Button, Card, Descriptions, Form, Input, Modal, Space, Tag, Typography } from "antd";
import { RadioGroup } from "../../../../components/RadioGroup";
import { useTranslation } from "react-i18next";
import { callMethod, useTenderActor } from "../api";
import { compareBids, tenderWorkflow, type ComparisonBid, type TenderState } from "../rules";
import { formatDateTime, formatMoney, fromCents } from "../format";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { useTenderBids } from "./useTenderBids";

interface Values {
  analysis?: string;
  recommendedBidId?: string;
}

/**
 * Analysis and recommendation (spec /summary/{id}/analysis-recos): the analysis text and the
 * recommended bid among the SUBMITTED bids, saved with `recommend`; then award (award notice to
 * the recommended vendor, regret notices to the others) or regret all, each after a confirmation.
 * Read-only for everyone else (representatives, approvers) and once the tender is decided.
 */
export function AnalysisRecos({ tender, currency, onDone }: { tender: Record<string, any>; currency: string; onDone: () => void }) {
  const { t } = useTranslation("tenders");
  const actor = useTenderActor();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<string | null>(null);
  const { bids, companyName } = useTenderBids(tender.id);
  const comparison = compareBids(tender.lineItemGroups ?? [], bids as unknown as ComparisonBid[]);
  const facts = {
    status: tender.status as TenderState,
    managedBy: tender.managedBy,
    approverId: tender.approverId ?? null,
    version: Number(tender.version ?? 0),
    closingAt: tender.closingAt,
    now: new Date(),
  };
  const actions = actor ? tenderWorkflow.actionsFrom(facts.status, facts, actor) : [];
  const editable = actions.includes("award");

  useEffect(() => {
    form.setFieldsValue({ analysis: tender.analysis ?? "", recommendedBidId: tender.recommendedBidId ?? undefined });
  }, [tender.analysis, tender.recommendedBidId, form]);

  const run = async (action: string, work: () => Promise<void>) => {
    setBusy(action);
    try {
      await work();
      onDone();
    } catch (error) {
      if ((error as { errorFields?: unknown }).errorFields) return; // the form shows what is missing
      notifyError(`tenders.${action}`, error);
    } finally {
      setBusy(null);
    }
  };

  const recommend = async (updatedAt: unknown) => {
    const values = await form.validateFields();
    return callMethod("tenders", "recommend", { id: tender.id, updatedAt, bidId: values.recommendedBidId, analysis: values.analysis ?? "" });
  };

  const save = () =>
    run("recommend", async () => {
      await recommend(tender.updatedAt);
      notifySuccess(t("review.done.recommend"));
    });

  const award = () =>
    run("award", async () => {
      const values = await form.validateFields();
      const winner = companyName(bids.find((bid) => bid.id === values.recommendedBidId)?.companyId);
      const confirmed = await new Promise<boolean>((resolve) =>
        Modal.confirm({
          title: t("review.actions.award"),
          content: t("review.confirm.award", { vendor: winner }),
          okText: t("review.actions.award"),
          cancelText: t("actions.close"),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        }),
      );
      if (!confirmed) return;
      const saved = await recommend(tender.updatedAt);
      await callMethod("tenders", "award", { id: tender.id, updatedAt: saved.updatedAt });
      notifySuccess(t("review.done.award"));
    });

  const regretAll = () =>
    run("regretAll", async () => {
      await callMethod("tenders", "regretAll", { id: tender.id, updatedAt: tender.updatedAt });
      notifySuccess(t("review.done.regretAll"));
    });

  const recommended = bids.find((bid) => bid.id === tender.recommendedBidId);
  const options = comparison.bids.map((bid) => ({
    value: bid.id,
    disabled: bid.status !== "SUBMITTED",
    label: (
      <Space data-testid={`recommend-option`}>
        <span>{companyName(bid.companyId)}</span>
        <Typography.Text type="secondary">{formatMoney(fromCents(comparison.totalsCents[bid.id]), currency)}</Typography.Text>
        {comparison.lowestTotal.includes(bid.id) && <Tag color="green">{t("comparison.lowest")}</Tag>}
        {bid.status !== "SUBMITTED" && <Tag>{t("analysis.waitingQuery")}</Tag>}
      </Space>
    ),
  }));

  return (
    <Card
      size="small"
      data-testid="analysis-recos"
      extra={
        editable && (
          <Space wrap>
            <Button loading={busy === "recommend"} onClick={save} data-testid="recommend-save">
              {t("review.actions.recommend")}
            </Button>
            {actions.includes("regretAll") && (
              <Button
                danger
                loading={busy === "regretAll"}
                data-testid="tender-regretAll"
                onClick={() =>
                  Modal.confirm({
                    title: t("review.actions.regretAll"),
                    content: t("review.confirm.regretAll"),
                    okText: t("review.actions.regretAll"),
                    okButtonProps: { danger: true },
                    cancelText: t("actions.close"),
                    onOk: regretAll,
                  })
                }
              >
                {t("review.actions.regretAll")}
              </Button>
            )}
            <Button type="primary" loading={busy === "award"} onClick={award} data-testid="tender-award">
              {t("review.actions.award")}
            </Button>
          </Space>
        )
      }
      title={t("analysis.title")}
    >
      {tender.status === "AWARDED" && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="awarded"
          message={t("analysis.awarded", { vendor: companyName(recommended?.companyId), date: formatDateTime(tender.awardedAt) })}
        />
      )}
      {tender.status === "REGRETTED" && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("analysis.regretted")} />}
      {editable ? (
        <Form form={form} layout="vertical">
          <Form.Item name="recommendedBidId" label={t("analysis.recommended")} rules={[{ required: true, message: t("analysis.recommendRequired") }]}>
            <RadioGroup options={options} style={{ display: "flex", flexDirection: "column", gap: 8 }} data-testid="recommend-choice" />
          </Form.Item>
          <Form.Item name="analysis" label={t("analysis.analysis")}>
            <Input.TextArea autoSize={{ minRows: 4 }} maxLength={20000} showCount data-testid="analysis-text" />
          </Form.Item>
        </Form>
      ) : (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 220 } }}>
          <Descriptions.Item label={t("analysis.recommended")}>
            <span data-testid="recommended-vendor">{recommended ? companyName(recommended.companyId) : t("analysis.none")}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("analysis.analysis")}>
            <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{tender.analysis || t("analysis.none")}</Typography.Paragraph>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
