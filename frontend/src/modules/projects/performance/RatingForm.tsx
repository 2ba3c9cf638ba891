import { useState } from "react";
import { Button, Card, Form, Input, Radio, Space, Typography } from "antd";
import { useOne } from "@refinedev/core";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { RecordSelect } from "../../../components/settings/RecordSelect";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import {
  CRITERION_MAX,
  CRITERION_MIN,
  ratingCriteria,
  type RatingCriterion,
} from "../../../../../backend/src/modules/projects/services/vendor-ratings/vendor-ratings.shared";
import { scoreText, usePerformanceSettings } from "./standing";

type RatingValues = Partial<Record<RatingCriterion, number>> & { projectId?: string; comment?: string };
const scale = Array.from({ length: CRITERION_MAX - CRITERION_MIN + 1 }, (_, index) => CRITERION_MIN + index);

/**
 * `/performance/rate`: rates a project's vendor on the five criteria with a comment. Opened from a
 * rating task (`?taskId=…&projectId=…`: the task's rate type, the project fixed) or by hand (a
 * RANDOM rating on a project the rater reads). Validated as each field is left; the server checks again.
 */
export function RatingForm() {
  const { t } = useTranslation("vendor-ratings");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const taskId = Number(params.get("taskId")) || undefined;
  const fixedProject = params.get("projectId") ?? undefined;
  const [form] = Form.useForm<RatingValues>();
  const [saving, setSaving] = useState(false);
  const { weights } = usePerformanceSettings();
  const { result: task } = useOne({ resource: "vendor-rating-tasks", id: taskId ?? "", queryOptions: { enabled: Boolean(taskId) } });
  const weightText = ratingCriteria.map((criterion) => `${t(`fields.${criterion}`)} ${weights[criterion]}`).join(", ");

  const save = async (values: RatingValues) => {
    setSaving(true);
    try {
      const body = {
        projectId: fixedProject ?? values.projectId,
        ...(taskId ? { taskId } : {}),
        ...Object.fromEntries(ratingCriteria.map((c) => [c, values[c]])),
        comment: values.comment?.trim() || null,
      };
      const saved = await api<{ scoreHundredths: number; standing: string }>("vendor-ratings", { method: "POST", body, action: "vendor-ratings.create" });
      notifySuccess(t("done.saved", { score: scoreText(saved.scoreHundredths), standing: t(`standing.${saved.standing}`) }));
      navigate(taskId ? "/" : "/performance");
    } catch (error) {
      notifyError("vendor-ratings.create", error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t("titles.rate")} data-testid="rating-form">
      {task ? (
        <Typography.Paragraph strong data-testid="rating-task">
          {t("dashboard.task", { type: t(`rateType.${task.rateType}`), project: task.projectNumber, vendor: task.companyName })}
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph type="secondary">{t("hints.criteria", { weights: weightText })}</Typography.Paragraph>
      <Form<RatingValues> form={form} layout="vertical" validateTrigger="onBlur" onFinish={save} style={{ maxWidth: 640 }}>
        {fixedProject ? null : (
          <Form.Item name="projectId" label={t("fields.projectId")} rules={[{ required: true, message: t("validation.project") }]}>
            <RecordSelect resource="projects" searchField="number" label={(record) => String(record.number)} data-testid="rating-project" />
          </Form.Item>
        )}
        {ratingCriteria.map((criterion) => (
          <Form.Item
            key={criterion}
            name={criterion}
            label={t(`fields.${criterion}`)}
            validateTrigger={["onBlur", "onChange"]}
            rules={[{ required: true, message: t("validation.criterion", { name: t(`fields.${criterion}`) }) }]}
          >
            {/* A radio group by role: the form item marks it aria-required, which a plain div may not carry (axe). */}
            <Radio.Group
              optionType="button"
              {...({ role: "radiogroup" } as object)}
              aria-label={t(`fields.${criterion}`)}
              data-testid={`criterion-${criterion}`}
            >
              <Space wrap size={4}>
                {scale.map((value) => (
                  <Radio.Button key={value} value={value} aria-label={`${value} ${t(`criterion.${value}`)}`}>
                    {value} {t(`criterion.${value}`)}
                  </Radio.Button>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        ))}
        <Form.Item name="comment" label={t("fields.comment")} rules={[{ max: 2000, message: t("validation.comment") }]}>
          <Input.TextArea rows={3} maxLength={2000} showCount data-testid="rating-comment" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="rating-save">
          {t("actions.save")}
        </Button>
      </Form>
    </Card>
  );
}
