import { useEffect, useRef, useState } from "react";
import { Button, DatePicker, Form, Input, Modal, Popconfirm, Select, Space, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { ReasonDialog } from "../../../components/ReasonDialog";
import { dateInputFormat } from "../../../components/format";
import { hotbLimits } from "../../../../../backend/src/modules/handover/services/hotb/hotb.shared";
import { hotbActionsFor, hotbWorkflow, type HotbAction } from "./rules";
import { hotbMethod } from "./api";
import { StaffSelect } from "./StaffSelect";
import { regionInstant, regionPickers } from "./time";

/** Actions that ask more than a confirmation, each in a dialog of its own. */
const DIALOGS: readonly HotbAction[] = ["submit", "arrange", "changePic"];
/** Contact fields the arrangement confirms (prefilled from the record). */
const CONTACTS = ["tenantContactName", "tenantContactPhone", "tenantContactEmail", "companyContactName", "companyContactPhone", "companyContactEmail"] as const;

interface ArrangeValues {
  day: Dayjs;
  time: Dayjs;
  additionalEmails?: string[];
  [contact: string]: unknown;
}

/**
 * The record's workflow buttons, drawn from the table and the caller's abilities (the same the
 * server moves it with): submit asks for the approver, arrange for the appointment's date, time
 * and contacts, change PIC for the new person in charge; reject, request change and cancel ask
 * why (the table's `requiresReason`); the rest after a confirmation. A takeback's complete refused
 * for open key lines (428) goes to `onKeysOpen` instead of a toast.
 */
export function HotbActions({ record, onDone, onKeysOpen }: { record: Record<string, any>; onDone: () => void; onKeysOpen: () => void }) {
  const { t } = useTranslation("hotb");
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<HotbAction | null>(null);
  const [dialog, setDialog] = useState<HotbAction | null>(null);
  const [form] = Form.useForm();
  const actions = hotbActionsFor(record) as HotbAction[];
  // The dialog starts from the record as it was when it opened: a live update while it is open does not reset what is typed.
  const latestRecord = useRef(record);
  latestRecord.current = record;

  useEffect(() => {
    const record = latestRecord.current;
    if (!dialog) return;
    form.resetFields();
    if (dialog === "arrange") {
      const { day, time } = regionPickers(record.scheduledAt);
      form.setFieldsValue({
        day,
        time,
        additionalEmails: record.additionalEmails ?? [],
        ...Object.fromEntries(CONTACTS.map((field) => [field, record[field] ?? undefined])),
      });
    }
  }, [dialog, form]);

  const run = async (action: HotbAction, extra: Record<string, unknown> = {}) => {
    setBusy(action);
    try {
      await hotbMethod(action, { id: record.id, updatedAt: record.updatedAt, ...extra });
      notifySuccess(t(`done.${action}`));
      setAsking(null);
      setDialog(null);
      onDone();
    } catch (error) {
      if (action === "complete" && isApiError(error) && error.code === "HOTB_KEYS_OPEN") onKeysOpen();
      else notifyError(`hotb.${action}`, error, record.name);
    } finally {
      setBusy(null);
    }
  };

  const submitDialog = (values: Record<string, any>) => {
    if (dialog === "submit") return run("submit", { approverId: values.approverId });
    if (dialog === "changePic") return run("changePic", { managedBy: values.managedBy });
    if (dialog === "arrange") {
      const { day, time, additionalEmails, ...contacts } = values as ArrangeValues;
      const cleaned = Object.fromEntries(
        CONTACTS.map((field) => [field, typeof contacts[field] === "string" && (contacts[field] as string).trim() ? (contacts[field] as string).trim() : null]),
      );
      return run("arrange", { scheduledAt: regionInstant(day, time), ...cleaned, additionalEmails: additionalEmails ?? [] });
    }
  };

  if (!actions.length) return null;
  const email = { type: "email" as const, message: t("validation.email") };
  return (
    <Space wrap>
      {actions.map((action) =>
        hotbWorkflow.requiresReason(action) ? (
          <Button key={action} danger loading={busy === action} onClick={() => setAsking(action)} data-testid={`hotb-${action}`}>
            {t(`actions.${action}`)}
          </Button>
        ) : DIALOGS.includes(action) ? (
          <Button
            key={action}
            type={action === "changePic" ? "default" : "primary"}
            loading={busy === action}
            onClick={() => setDialog(action)}
            data-testid={`hotb-${action}`}
          >
            {t(`actions.${action}`)}
          </Button>
        ) : (
          <Popconfirm
            key={action}
            title={t(`confirm.${action}`, { defaultValue: t(`actions.${action}`) })}
            okText={t("actions.confirm")}
            cancelText={t("actions.back")}
            onConfirm={() => run(action)}
          >
            <Button type="primary" loading={busy === action} data-testid={`hotb-${action}`}>
              {t(`actions.${action}`)}
            </Button>
          </Popconfirm>
        ),
      )}
      <ReasonDialog
        open={asking !== null}
        title={asking ? t(`actions.${asking}`) : ""}
        cancelText={t("actions.back")}
        label={t("fields.statusReason")}
        maxLength={hotbLimits.reason}
        valid={(reason) => Boolean(reason?.trim())}
        invalid={t("reasonRequired")}
        busy={busy !== null}
        testId="hotb-reason"
        onSubmit={(reason) => asking && void run(asking, { reason })}
        onCancel={() => setAsking(null)}
      />
      <Modal
        open={dialog !== null}
        title={dialog ? t(`dialogs.${dialog}`) : ""}
        okText={dialog ? t(`actions.${dialog}`) : ""}
        cancelText={t("actions.back")}
        okButtonProps={{ "data-testid": "hotb-dialog-ok" } as never}
        confirmLoading={busy !== null}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} name="hotb-action" layout="vertical" validateTrigger="onBlur" onFinish={(values) => void submitDialog(values)}>
          {dialog === "submit" && (
            <Form.Item name="approverId" label={t("fields.approverId")} rules={[{ required: true, message: t("validation.approverId") }]}>
              <StaffSelect role="approver" enabled={dialog === "submit"} data-testid="hotb-approver" />
            </Form.Item>
          )}
          {dialog === "changePic" && (
            <Form.Item name="managedBy" label={t("fields.managedBy")} rules={[{ required: true, message: t("validation.managedBy") }]}>
              <StaffSelect role="pic" enabled={dialog === "changePic"} exclude={record.managedBy} data-testid="hotb-pic" />
            </Form.Item>
          )}
          {dialog === "arrange" && (
            <>
              <Space wrap align="start">
                <Form.Item name="day" label={t("fields.scheduledDate")} rules={[{ required: true, message: t("validation.scheduledDate") }]}>
                  <DatePicker format={dateInputFormat()} data-testid="hotb-arrange-date" />
                </Form.Item>
                <Form.Item name="time" label={t("fields.scheduledTime")} rules={[{ required: true, message: t("validation.scheduledTime") }]}>
                  <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} data-testid="hotb-arrange-time" />
                </Form.Item>
              </Space>
              {CONTACTS.map((field) => (
                <Form.Item key={field} name={field} label={t(`fields.${field}`)} rules={field.endsWith("Email") ? [email] : []}>
                  <Input
                    maxLength={field.endsWith("Email") ? hotbLimits.email : field.endsWith("Phone") ? hotbLimits.phone : hotbLimits.contactName}
                    data-testid={`hotb-arrange-${field}`}
                  />
                </Form.Item>
              ))}
              <Form.Item
                name="additionalEmails"
                label={t("fields.additionalEmails")}
                extra={t("hints.additionalEmails")}
                rules={[{ type: "array", defaultField: email, max: hotbLimits.additionalEmails }]}
              >
                <Select mode="tags" open={false} tokenSeparators={[",", " "]} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </Space>
  );
}
