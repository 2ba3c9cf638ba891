import { useState } from "react";
import { useList } from "@refinedev/core";
import { subject } from "@casl/ability";
import { Button, Card, Checkbox, Collapse, Empty, Form, Input, Space, Spin } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { formatDateTime } from "../../../../components/format";
import {
  postFitoutLimits,
  postFitoutSubmissionsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/post-fitout-submissions/post-fitout.shared";
import { postFitoutWorkflow } from "../../../../../../backend/src/modules/tenant-projects/services/post-fitout-submissions/post-fitout.workflow";
import { PostFitoutRoundView } from "./PostFitoutRoundView";
import type { PostFitoutRound } from "./postFitout";

/** Staff's form to start a round (a final one only once a final inspection was sent: the server says what is missing). */
function StartForm({ projectId, onDone }: { projectId: number; onDone: () => void }) {
  const { t } = useTranslation("post-fitout");
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(postFitoutSubmissionsPath, {
        method: "POST",
        body: { projectId, isFinal: values.isFinal === true, remarks: values.remarks ?? "" },
        action: `${postFitoutSubmissionsPath}.create`,
      });
      notifySuccess(t("round.started"));
      form.resetFields();
      onDone();
    } catch (error) {
      // Refused (428 without a final inspection, 409 one already under review): what was typed stays.
      notifyError(`${postFitoutSubmissionsPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="post-fitout-start-form">
      <Form.Item name="isFinal" valuePropName="checked">
        <Checkbox data-testid="post-fitout-final">{t("start.final")}</Checkbox>
      </Form.Item>
      <Form.Item
        name="remarks"
        label={t("fields.remarks")}
        extra={t("fields.remarksHelp")}
        rules={[{ max: postFitoutLimits.remarks, message: t("validation.tooLong", { max: postFitoutLimits.remarks }) }]}
      >
        <Input.TextArea rows={2} data-testid="post-fitout-start-remarks" />
      </Form.Item>
      <Button type="primary" onClick={() => void start()} loading={busy} data-testid="post-fitout-start">
        {t("start.submit")}
      </Button>
    </Form>
  );
}

/**
 * The project's post-fit-out (spec §2 "Post Fit Out", tab type POST_FIT_OUT; §3, §4; issue 30
 * item 8): the round under review (the current one) with its guidelines, letters and documents,
 * staff's start of the next round, and the completed rounds before it. Live, as the other cards.
 */
export function PostFitoutCard({ project }: { project: Record<string, any> }) {
  const { t } = useTranslation("post-fitout");
  const ability = currentAbility();
  const { result, query } = useList<PostFitoutRound>({
    resource: postFitoutSubmissionsPath,
    filters: [{ field: "projectId", operator: "eq", value: project.id }],
    sorters: [{ field: "id", order: "desc" }],
    pagination: { pageSize: 50 },
    liveMode: "auto",
  });
  const rounds = result?.data ?? [];
  const current = rounds.find((round) => postFitoutWorkflow.isIn("current", round.status));
  const past = rounds.filter((round) => round !== current);
  const closed = project.status === "WITHDRAWN" || project.status === "CANCELLED";
  const mayStart =
    !closed && !current && ability.can("start", subject(postFitoutSubmissionsPath, { region: project.region, tenancyId: project.tenancyId }) as any);
  return (
    <Card id="postFitOut" title={t("title")} data-testid="post-fitout-card">
      {query.isLoading ? (
        <Spin />
      ) : (
        <Space direction="vertical" style={{ width: "100%" }}>
          {current ? (
            <PostFitoutRoundView round={current} project={project} />
          ) : (
            !mayStart && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("none")} />
          )}
          {mayStart && <StartForm projectId={project.id} onDone={() => void query.refetch()} />}
          {past.length > 0 && (
            <Collapse
              size="small"
              data-testid="post-fitout-history"
              items={past.map((round) => ({
                key: String(round.id),
                label: `${t(round.isFinal ? "round.final" : "round.interim")} · ${t(`status.${round.status}`)} · ${formatDateTime(round.completedAt ?? round.createdAt)}`,
                children: <PostFitoutRoundView round={round} project={project} />,
              }))}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
