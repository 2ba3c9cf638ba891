import { useState } from "react";
import { Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Space } from "antd";
import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { callMethod, useRegionTimeZone, useTenderActor } from "./api";
import { useNavigate } from "react-router";
import { closingInstant, closingTimeOptions, permitted, tenderWorkflow, type ClosingTimeOption, type TenderState } from "./rules";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { useSession } from "../../providers/session";

const SHOWN = ["submit", "approve", "reject", "reset", "issue", "extend", "open", "cancel", "changeManager"] as const;
type Shown = (typeof SHOWN)[number];
const DIALOG: Shown[] = ["submit", "reject", "issue", "extend", "changeManager"];
/** A decided tender keeps its person in charge (the server refuses the change too). */
const DECIDED = ["AWARDED", "REGRETTED", "CANCELLED", "DECLINED"];

/** The actions open from the tender's state for this user: tenderWorkflow's table + the user's rules. */
export function useTenderActions(record: Record<string, any> | undefined): Shown[] {
  const actor = useTenderActor();
  if (!record || !actor) return [];
  const facts = {
    status: record.status as TenderState,
    managedBy: record.managedBy,
    // The approver is chosen in the submit dialog: stand in for "someone else" to draw the button.
    approverId: record.status === "DRAFT" ? "approver-to-choose" : record.approverId,
    version: Number(record.version ?? 0),
    closingAt: record.closingAt,
    addendumStatus: record.addendumStatus,
    now: new Date(),
  };
  const workflow = tenderWorkflow.actionsFrom(facts.status, facts, actor).filter((a): a is Shown => (SHOWN as readonly string[]).includes(a));
  // Handing the tender over is no workflow step: the status stays; it needs tenders:changeManager.
  const handOver = !DECIDED.includes(facts.status) && permitted(facts, actor, "changeManager");
  return handOver ? [...workflow, "changeManager"] : workflow;
}

export interface WorkflowActionsProps {
  record: Record<string, any>;
  /** Runs before a submission (the edit screen saves first); answers the record's updatedAt. */
  beforeSubmit?: () => Promise<unknown>;
  onDone: (record: Record<string, any>) => void;
  onError?: (action: string, error: unknown) => void;
}

export function WorkflowActions({ record, beforeSubmit, onDone, onError }: WorkflowActionsProps) {
  const { t } = useTranslation("tenders");
  const actions = useTenderActions(record);
  const me = useSession((s) => s.user?.id);
  const timeZone = useRegionTimeZone();
  const [dialog, setDialog] = useState<Shown | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm();
  const navigate = useNavigate();

  // Only staff who may approve tenders in this region, from the server's approver lookup.
  const { selectProps: approvers } = useSelect<BaseRecord>({
    resource: "tender-approvers",
    optionLabel: (user) => `${user.displayName ?? user.username} (${user.username})`,
    optionValue: "id" as never,
    pagination: { mode: "off" },
    queryOptions: { enabled: dialog === "submit" },
    errorNotification: false,
  });
  // Who may take the tender over: the region's staff who run tenders (tenders:update).
  const { selectProps: managers } = useSelect<BaseRecord>({
    resource: "tender-approvers",
    optionLabel: (user) => `${user.displayName ?? user.username} (${user.username})`,
    optionValue: "id" as never,
    filters: [{ field: "role", operator: "eq", value: "manager" }],
    pagination: { mode: "off" },
    queryOptions: { enabled: dialog === "changeManager" },
    errorNotification: false,
  });
  const { selectProps: vendors } = useSelect<BaseRecord>({
    resource: "companies",
    optionLabel: "name" as never,
    optionValue: "id" as never,
    pagination: { pageSize: 100, mode: "server" },
    onSearch: (text) => [{ field: "name", operator: "contains", value: text }],
    queryOptions: { enabled: dialog === "issue" },
  });

  const run = async (action: Shown, extra: Record<string, unknown> = {}) => {
    setBusy(action);
    try {
      let updatedAt = record.updatedAt;
      if (action === "submit" && beforeSubmit) updatedAt = (await beforeSubmit()) ?? updatedAt;
      const result = await callMethod("tenders", action, { id: record.id, updatedAt, ...extra });
      notifySuccess(t(`done.${action}`));
      setDialog(null);
      // Handed to someone else, the tender may no longer be the user's to read: back to the list.
      if (action === "changeManager" && String(result.managedBy) !== String(me)) {
        navigate("/tenders");
        return;
      }
      onDone(result);
    } catch (error) {
      if (onError) onError(action, error);
      else notifyError(`tenders.${action}`, error);
    } finally {
      setBusy(null);
    }
  };

  const finish = (values: Record<string, any>) => {
    if (!dialog) return;
    if (dialog === "submit") return run("submit", { approverId: values.approverId });
    if (dialog === "reject") return run("reject", { reason: values.reason });
    if (dialog === "issue") return run("issue", { vendorIds: values.vendorIds });
    if (dialog === "changeManager") return run("changeManager", { userId: values.userId });
    if (dialog === "extend") {
      const closingAt = closingInstant((values.closingDate as Dayjs).format("YYYY-MM-DD"), values.closingTime as ClosingTimeOption, timeZone);
      return run("extend", { closingAt: closingAt.toISOString(), reason: values.reason });
    }
  };

  if (!actions.length) return null;
  const required = [{ required: true, whitespace: true, message: t("validation.required") }];
  const approverOptions = (approvers.options ?? []).filter((option: any) => String(option.value) !== String(me) && String(option.value) !== String(record.managedBy));

  return (
    <>
      <Space wrap>
        {actions.map((action) =>
          DIALOG.includes(action) ? (
            <Button key={action} type={action === "submit" || action === "issue" || action === "approve" ? "primary" : "default"} loading={busy === action}
              onClick={() => { form.resetFields(); setDialog(action); }} data-testid={`tender-${action}`}>
              {t(`actions.${action}`)}
            </Button>
          ) : (
            <Popconfirm key={action} title={t(`confirm.${action}`)} okText={t(`actions.${action}`)} okButtonProps={{ danger: action === "cancel" }} cancelText={t("actions.close")} onConfirm={() => run(action)}>
              <Button type={action === "approve" || action === "open" ? "primary" : "default"} danger={action === "cancel"} loading={busy === action} data-testid={`tender-${action}`}>
                {t(`actions.${action}`)}
              </Button>
            </Popconfirm>
          ),
        )}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog ? t(`actions.${dialog}`) : ""}
        okText={dialog ? t(`actions.${dialog}`) : ""}
        cancelText={t("actions.close")}
        confirmLoading={busy !== null}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={finish} data-testid="workflow-dialog">
          {dialog === "submit" && (
            <Form.Item name="approverId" label={t("fields.approver")} rules={[{ required: true, message: t("validation.approver") }]}>
              <Select {...approvers} options={approverOptions} showSearch optionFilterProp="label" data-testid="approver-select" />
            </Form.Item>
          )}
          {dialog === "changeManager" && (
            <Form.Item name="userId" label={t("fields.newManager")} extra={t("changeManager.help")} rules={[{ required: true, message: t("validation.required") }]}>
              <Select {...managers} options={(managers.options ?? []).filter((option: any) => String(option.value) !== String(record.managedBy))}
                showSearch optionFilterProp="label" data-testid="manager-select" />
            </Form.Item>
          )}
          {dialog === "issue" && (
            <Form.Item name="vendorIds" label={t("fields.vendors")} rules={[{ required: true, message: t("validation.vendors") }]}>
              <Select {...vendors} mode="multiple" showSearch filterOption={false} data-testid="vendor-select" />
            </Form.Item>
          )}
          {dialog === "extend" && (
            <Space.Compact block>
              <Form.Item name="closingDate" label={t("fields.closingDate")} rules={[{ required: true, message: t("validation.required") }]} style={{ flex: 1 }}>
                <DatePicker style={{ width: "100%" }} format="DD MMM YYYY" placeholder={t("fields.closingDate")} />
              </Form.Item>
              <Form.Item name="closingTime" label={t("fields.closingTime")} initialValue="17:00" style={{ width: 160 }}>
                <Select options={closingTimeOptions.map((option) => ({ value: option.value, label: t(`closingTime.${option.value}`, { nsSeparator: false }) }))} />
              </Form.Item>
            </Space.Compact>
          )}
          {(dialog === "reject" || dialog === "extend") && (
            <Form.Item name="reason" label={t("fields.reason")} rules={required}>
              <Input.TextArea autoSize={{ minRows: 3 }} maxLength={2000} showCount data-testid="reason" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
