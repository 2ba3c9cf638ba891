import { useState } from "react";
import { Button, Form, Input, Modal, Popconfirm, Select, Space } from "antd";
import { FileAddOutlined } from "@ant-design/icons";
import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { callMethod, useTenderActor } from "./api";
import { addendumWorkflow, mayDiscardAddendum, tenderWorkflow, type TenderState } from "./rules";
import { tenderPath } from "./paths";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { useSession } from "../../providers/session";

type AddendumAction = "submit" | "approve" | "reject" | "reset" | "issue";
const DIALOG: AddendumAction[] = ["submit", "reject", "issue"];

const factsOf = (record: Record<string, any>) => ({
  status: record.status as TenderState,
  managedBy: record.managedBy,
  // The approver is chosen in the submit dialog: stand in for "someone else" to draw the button.
  approverId: record.addendumStatus === "DRAFT" ? "approver-to-choose" : record.approverId,
  version: Number(record.version ?? 0),
  closingAt: record.closingAt,
  addendumStatus: record.addendumStatus,
  now: new Date(),
});

/** The pending addendum's actions open to this user: addendumWorkflow's table and the user's rules, as the server decides. */
export function useAddendumActions(record: Record<string, any> | undefined): AddendumAction[] {
  const actor = useTenderActor();
  if (!record?.addendumStatus || record.status !== "ISSUED" || !actor) return [];
  return addendumWorkflow.actionsFrom(record.addendumStatus, factsOf(record), actor) as AddendumAction[];
}

/** "Create addendum" on an ISSUED tender before closing, for whoever the tender workflow lets amend it. */
export function CreateAddendumButton({ record }: { record: Record<string, any> }) {
  const { t } = useTranslation("tender-revisions");
  const actor = useTenderActor();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!actor || !tenderWorkflow.can(record.status as TenderState, "addendum", factsOf(record), actor)) return null;
  const create = async () => {
    setBusy(true);
    try {
      const created = await callMethod("tenders", "addendum", { id: record.id, updatedAt: record.updatedAt });
      notifySuccess(t("done.create", { version: created.version }));
      navigate(`/tender/addendum/edit/${record.id}`);
    } catch (error) {
      notifyError("tenders.addendum", error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm title={t("confirm.create")} okText={t("actions.create")} cancelText={t("actions.close")} onConfirm={create}>
      <Button icon={<FileAddOutlined />} loading={busy} data-testid="addendum-create">{t("actions.create")}</Button>
    </Popconfirm>
  );
}

export interface AddendumActionsProps {
  record: Record<string, any>;
  /** Runs before a submission (the edit screen saves first); answers the record's updatedAt. */
  beforeSubmit?: () => Promise<unknown>;
  onDone: (record: Record<string, any>) => void;
  onError?: (action: string, error: unknown) => void;
}

/** Submit (to a chosen approver), approve, reject with a reason, reset, issue (with a comment) of a pending addendum. */
export function AddendumActions({ record, beforeSubmit, onDone, onError }: AddendumActionsProps) {
  const { t } = useTranslation("tender-revisions");
  const { t: tt } = useTranslation("tenders");
  const actions = useAddendumActions(record);
  const actor = useTenderActor();
  const navigate = useNavigate();
  const discardable = Boolean(actor && mayDiscardAddendum(factsOf(record), actor));
  const me = useSession((s) => s.user?.id);
  const [dialog, setDialog] = useState<AddendumAction | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm();
  const { selectProps: approvers } = useSelect<BaseRecord>({
    resource: "tender-approvers",
    optionLabel: (user) => `${user.displayName ?? user.username} (${user.username})`,
    optionValue: "id" as never,
    pagination: { mode: "off" },
    queryOptions: { enabled: dialog === "submit" },
    errorNotification: false,
  });

  const run = async (action: AddendumAction, extra: Record<string, unknown> = {}) => {
    setBusy(action);
    try {
      let updatedAt = record.updatedAt;
      if (action === "submit" && beforeSubmit) updatedAt = (await beforeSubmit()) ?? updatedAt;
      const result = await callMethod("tenders", `${action}Addendum`, { id: record.id, updatedAt, ...extra });
      notifySuccess(t(`done.${action}`));
      setDialog(null);
      onDone(result);
    } catch (error) {
      if (onError) onError(action, error);
      else notifyError(`tenders.${action}`, error);
    } finally {
      setBusy(null);
    }
  };

  /** Back to the issued version: the addendum screens no longer apply, the tender's own screen opens. */
  const discard = async () => {
    setBusy("discard");
    try {
      const result = await callMethod("tenders", "discardAddendum", { id: record.id, updatedAt: record.updatedAt });
      notifySuccess(t("done.discard"));
      navigate(tenderPath(result));
    } catch (error) {
      notifyError("tenders.discardAddendum", error);
    } finally {
      setBusy(null);
    }
  };

  const finish = (values: Record<string, any>) => {
    if (dialog === "submit") return run("submit", { approverId: values.approverId });
    if (dialog === "reject") return run("reject", { reason: values.reason });
    if (dialog === "issue") return run("issue", values.comment?.trim() ? { comment: values.comment.trim() } : {});
  };

  if (!actions.length && !discardable) return null;
  const approverOptions = (approvers.options ?? []).filter((option: any) => String(option.value) !== String(me) && String(option.value) !== String(record.managedBy));

  return (
    <>
      <Space wrap>
        {actions.map((action) =>
          DIALOG.includes(action) ? (
            <Button key={action} type={action === "reject" ? "default" : "primary"} loading={busy === action}
              onClick={() => { form.resetFields(); setDialog(action); }} data-testid={`addendum-${action}`}>
              {t(`actions.${action}`)}
            </Button>
          ) : (
            <Popconfirm key={action} title={t(`confirm.${action}`)} okText={t(`actions.${action}`)} cancelText={t("actions.close")} onConfirm={() => run(action)}>
              <Button type={action === "approve" ? "primary" : "default"} loading={busy === action} data-testid={`addendum-${action}`}>{t(`actions.${action}`)}</Button>
            </Popconfirm>
          ),
        )}
        {discardable && (
          <Popconfirm title={t("confirm.discard")} okText={t("actions.discard")} okButtonProps={{ danger: true }} cancelText={t("actions.close")} onConfirm={discard}>
            <Button danger loading={busy === "discard"} data-testid="addendum-discard">{t("actions.discard")}</Button>
          </Popconfirm>
        )}
      </Space>
      <Modal open={dialog !== null} title={dialog ? t(`actions.${dialog}`) : ""} okText={dialog ? t(`actions.${dialog}`) : ""} cancelText={t("actions.close")}
        confirmLoading={busy !== null} onOk={() => form.submit()} onCancel={() => setDialog(null)} destroyOnHidden forceRender>
        <Form form={form} layout="vertical" onFinish={finish} data-testid="addendum-dialog">
          {dialog === "submit" && (
            <Form.Item name="approverId" label={tt("fields.approver")} rules={[{ required: true, message: tt("validation.approver") }]}>
              <Select {...approvers} options={approverOptions} showSearch optionFilterProp="label" data-testid="approver-select" />
            </Form.Item>
          )}
          {dialog === "reject" && (
            <Form.Item name="reason" label={tt("fields.reason")} rules={[{ required: true, whitespace: true, message: tt("validation.required") }]}>
              <Input.TextArea autoSize={{ minRows: 3 }} maxLength={2000} showCount data-testid="reason" />
            </Form.Item>
          )}
          {dialog === "issue" && (
            <Form.Item name="comment" label={t("fields.comment")} extra={t("issueHint")}>
              <Input.TextArea autoSize={{ minRows: 3 }} maxLength={4000} showCount data-testid="addendum-comment" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
