import { useState } from "react";
import { subject } from "@casl/ability";
import { Button, Checkbox, Descriptions, Form, Input, List, Popconfirm, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { currentAbility } from "../../../../providers/access-control";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import { session } from "../../../../providers/session";
import { formatDateTime } from "../../../../components/format";
import {
  postFitoutLimits,
  postFitoutSubmissionsPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/post-fitout-submissions/post-fitout.shared";
import { postFitoutWorkflow } from "../../../../../../backend/src/modules/tenant-projects/services/post-fitout-submissions/post-fitout.workflow";
import { controlCall } from "../inspections/controlApi";
import { PostFitoutFiles } from "./PostFitoutFiles";
import { headingOf, saveRound, type GuidelineItem, type PostFitoutRound } from "./postFitout";

/**
 * One post-fit-out round (spec §3 "status, letters, a pending guidelines list"): its status, the
 * remarks to the tenant and staff's notes (a form checked as each field is left; a refused save
 * keeps what was typed), the POST_FIT_OUT guidelines ticked or pending, its files, and the buttons
 * the workflow table and the caller's rights open.
 */
export function PostFitoutRoundView({ round, project }: { round: PostFitoutRound; project: Record<string, any> }) {
  const { t } = useTranslation("post-fitout");
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const ability = currentAbility();
  const tenantSide = session.get().user?.portal === "tenants";
  const current = postFitoutWorkflow.isIn("current", round.status);
  const mayReview = current && !tenantSide && ability.can("update", subject(postFitoutSubmissionsPath, { ...round }) as any);
  const mayDelete = current && !tenantSide && ability.can("delete", subject(postFitoutSubmissionsPath, { ...round }) as any);
  const mayUpload = current && tenantSide && ability.can("update", subject("tenant-projects", { ...project }) as any);
  const actions = postFitoutWorkflow.actionsFrom(round.status, { ...round }, { ability });

  const write = async (changes: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await saveRound(round, changes);
      notifySuccess(t(done));
    } catch (error) {
      notifyError(`${postFitoutSubmissionsPath}.patch`, error);
    } finally {
      setBusy(false);
    }
  };
  const saveNotes = async () => {
    const values = await form.validateFields();
    await write({ remarks: values.remarks ?? "", staffNotes: values.staffNotes ?? "" }, "round.saved");
  };
  const tick = (item: GuidelineItem, complied: boolean) => {
    const ids = complied
      ? [...round.compliedItemIds, item.itemId]
      : round.compliedItemIds.filter((itemId) => itemId.toLowerCase() !== item.itemId.toLowerCase());
    void write({ compliedItemIds: ids }, complied ? "guidelines.ticked" : "guidelines.unticked");
  };
  const run = async (action: string) => {
    setBusy(true);
    try {
      await controlCall(postFitoutSubmissionsPath, action, { id: round.id, updatedAt: round.updatedAt });
      notifySuccess(t(`round.done.${action}`));
    } catch (error) {
      notifyError(`${postFitoutSubmissionsPath}.${action}`, error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    try {
      await api(`${postFitoutSubmissionsPath}/${round.id}`, { method: "DELETE", action: `${postFitoutSubmissionsPath}.remove` });
      notifySuccess(t("round.removed"));
    } catch (error) {
      notifyError(`${postFitoutSubmissionsPath}.remove`, error);
    }
  };
  const guideline = (item: GuidelineItem, complied: boolean) => (
    <List.Item data-testid={`post-fitout-guideline-${item.itemId}`}>
      {mayReview ? (
        <Checkbox checked={complied} disabled={busy} onChange={(event) => tick(item, event.target.checked)}>
          {headingOf(item)}
        </Checkbox>
      ) : (
        <Typography.Text delete={complied}>{headingOf(item)}</Typography.Text>
      )}
    </List.Item>
  );

  return (
    <Space direction="vertical" style={{ width: "100%" }} data-testid={`post-fitout-round-${round.id}`}>
      <Space wrap>
        <Tag color={current ? "gold" : "green"} data-testid="post-fitout-status">
          {t(`status.${round.status}`)}
        </Tag>
        <Tag>{t(round.isFinal ? "round.final" : "round.interim")}</Tag>
        <Typography.Text type="secondary">
          {t("round.startedAt", { at: formatDateTime(round.createdAt) })}
          {round.completedAt ? ` · ${t("round.completedAt", { at: formatDateTime(round.completedAt) })}` : ""}
        </Typography.Text>
        {actions.map((action) => (
          <Popconfirm key={action} title={t(`round.confirm.${action}`)} onConfirm={() => run(action)} okText={t(`round.actions.${action}`)}>
            <Button type="primary" size="small" loading={busy} data-testid={`post-fitout-${action}`}>
              {t(`round.actions.${action}`)}
            </Button>
          </Popconfirm>
        ))}
        {mayDelete && (
          <Popconfirm title={t("round.confirm.remove")} onConfirm={() => remove()}>
            <Button danger size="small" data-testid="post-fitout-remove">
              {t("round.actions.remove")}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {mayReview ? (
        <Form
          key={round.id}
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={{ remarks: round.remarks, staffNotes: round.staffNotes ?? "" }}
          data-testid="post-fitout-form"
        >
          <Form.Item
            name="remarks"
            label={t("fields.remarks")}
            extra={t("fields.remarksHelp")}
            rules={[{ max: postFitoutLimits.remarks, message: t("validation.tooLong", { max: postFitoutLimits.remarks }) }]}
          >
            <Input.TextArea rows={2} data-testid="post-fitout-remarks" />
          </Form.Item>
          <Form.Item
            name="staffNotes"
            label={t("fields.staffNotes")}
            extra={t("fields.staffNotesHelp")}
            rules={[{ max: postFitoutLimits.staffNotes, message: t("validation.tooLong", { max: postFitoutLimits.staffNotes }) }]}
          >
            <Input.TextArea rows={2} data-testid="post-fitout-staff-notes" />
          </Form.Item>
          <Button onClick={() => void saveNotes()} loading={busy} data-testid="post-fitout-save">
            {t("save")}
          </Button>
        </Form>
      ) : (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t("fields.remarks")}>
            <span data-testid="post-fitout-remarks-value">{round.remarks || "-"}</span>
          </Descriptions.Item>
          {round.staffNotes !== undefined && <Descriptions.Item label={t("fields.staffNotes")}>{round.staffNotes || "-"}</Descriptions.Item>}
        </Descriptions>
      )}
      <Typography.Text strong data-testid="post-fitout-pending-count">
        {t("guidelines.pending", { count: round.pendingGuidelines.length })}
      </Typography.Text>
      <List
        size="small"
        rowKey="itemId"
        dataSource={round.pendingGuidelines}
        locale={{ emptyText: t("guidelines.nonePending") }}
        renderItem={(item) => guideline(item, false)}
      />
      {round.compliedGuidelines.length > 0 && (
        <>
          <Typography.Text strong>{t("guidelines.complied", { count: round.compliedGuidelines.length })}</Typography.Text>
          <List size="small" rowKey="itemId" dataSource={round.compliedGuidelines} renderItem={(item) => guideline(item, true)} />
        </>
      )}
      <PostFitoutFiles roundId={round.id} fileKind={mayReview ? "LETTER" : mayUpload ? "DOCUMENT" : null} />
    </Space>
  );
}
