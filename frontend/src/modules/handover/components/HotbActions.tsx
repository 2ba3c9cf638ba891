import { DatePicker, Form, Input, Select, Space, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../providers/api";
import { dateInputFormat } from "../../../components/format";
import { WorkflowActionBar, type ActionExtra } from "../../../components/workflow/WorkflowActionBar";
import { hotbLimits, hotbPath } from "../../../../../backend/src/modules/handover/services/hotb/hotb.shared";
import { hotbActor, hotbGuardFacts, hotbWorkflow, type HotbAction } from "./rules";
import { StaffSelect } from "./StaffSelect";
import { regionInstant, regionPickers } from "./time";

/** Contact fields the arrangement confirms (prefilled from the record). */
const CONTACTS = ["tenantContactName", "tenantContactPhone", "tenantContactEmail", "companyContactName", "companyContactPhone", "companyContactEmail"] as const;

interface ArrangeValues {
  day: Dayjs;
  time: Dayjs;
  additionalEmails?: string[];
  [contact: string]: unknown;
}

/** A contact as typed, trimmed; an emptied one is cleared. */
const cleaned = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * The record's workflow buttons, drawn by the shared bar from the table and the caller's abilities
 * (the same the server moves it with): submit asks for the approver, arrange for the appointment's
 * date, time and contacts (prefilled from the record), change PIC for the new person in charge,
 * each in a dialog of its own; reject, request change and cancel ask why (the table's
 * `requiresReason`); the rest after a confirmation. A takeback's complete refused for open key
 * lines (428) goes to `onKeysOpen` instead of a toast.
 */
export function HotbActions({ record, onDone, onKeysOpen }: { record: Record<string, any>; onDone: () => void; onKeysOpen: () => void }) {
  const { t } = useTranslation("hotb");
  const email = { type: "email" as const, message: t("validation.email") };

  const reason: ActionExtra = {
    danger: true,
    dialogTestId: "hotb-reason",
    fields: (
      <Form.Item
        name="reason"
        label={t("fields.statusReason")}
        validateTrigger="onBlur"
        rules={[{ validator: async (_rule, value) => (value?.trim() ? undefined : Promise.reject(new Error(t("reasonRequired")))) }]}
      >
        <Input.TextArea rows={3} maxLength={hotbLimits.reason} showCount data-testid="hotb-reason-reason" />
      </Form.Item>
    ),
    payload: (values) => ({ reason: values.reason.trim() }),
  };

  /** An action asking more than a confirmation: its dialog's own title, `hotb-dialog-ok` on its button. */
  const dialog = (action: HotbAction, extra: ActionExtra): ActionExtra => ({
    primary: action !== "changePic",
    title: t(`dialogs.${action}`),
    dialogTestId: "hotb-dialog",
    okTestId: "hotb-dialog-ok",
    ...extra,
  });

  const { day, time } = regionPickers(record.scheduledAt);
  const dialogs: Partial<Record<HotbAction, ActionExtra>> = {
    submit: dialog("submit", {
      fields: (
        <Form.Item name="approverId" label={t("fields.approverId")} validateTrigger="onBlur" rules={[{ required: true, message: t("validation.approverId") }]}>
          <StaffSelect role="approver" enabled data-testid="hotb-approver" />
        </Form.Item>
      ),
      payload: (values) => ({ approverId: values.approverId }),
    }),
    changePic: dialog("changePic", {
      fields: (
        <Form.Item name="managedBy" label={t("fields.managedBy")} validateTrigger="onBlur" rules={[{ required: true, message: t("validation.managedBy") }]}>
          <StaffSelect role="pic" enabled exclude={record.managedBy} data-testid="hotb-pic" />
        </Form.Item>
      ),
      payload: (values) => ({ managedBy: values.managedBy }),
    }),
    arrange: dialog("arrange", {
      // The current appointment and contacts; arranging again moves it.
      initialValues: {
        day,
        time,
        additionalEmails: record.additionalEmails ?? [],
        ...Object.fromEntries(CONTACTS.map((field) => [field, record[field] ?? undefined])),
      },
      fields: (
        <>
          <Space wrap align="start">
            <Form.Item
              name="day"
              label={t("fields.scheduledDate")}
              validateTrigger="onBlur"
              rules={[{ required: true, message: t("validation.scheduledDate") }]}
            >
              <DatePicker format={dateInputFormat()} data-testid="hotb-arrange-date" />
            </Form.Item>
            <Form.Item
              name="time"
              label={t("fields.scheduledTime")}
              validateTrigger="onBlur"
              rules={[{ required: true, message: t("validation.scheduledTime") }]}
            >
              <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} data-testid="hotb-arrange-time" />
            </Form.Item>
          </Space>
          {CONTACTS.map((field) => (
            <Form.Item key={field} name={field} label={t(`fields.${field}`)} validateTrigger="onBlur" rules={field.endsWith("Email") ? [email] : []}>
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
            validateTrigger="onBlur"
            rules={[{ type: "array", defaultField: email, max: hotbLimits.additionalEmails }]}
          >
            <Select mode="tags" open={false} tokenSeparators={[",", " "]} />
          </Form.Item>
        </>
      ),
      payload: (values) => {
        const { day, time, additionalEmails, ...contacts } = values as ArrangeValues;
        return {
          scheduledAt: regionInstant(day, time),
          ...Object.fromEntries(CONTACTS.map((field) => [field, cleaned(contacts[field])])),
          additionalEmails: additionalEmails ?? [],
        };
      },
    }),
  };

  // The table names the actions whose validator asks why; the dialogs above ask more; every other one is confirmed.
  const extras = Object.fromEntries(
    hotbWorkflow.actions.map(({ action }): [string, ActionExtra] => [
      action,
      hotbWorkflow.requiresReason(action)
        ? reason
        : (dialogs[action as HotbAction] ?? {
            primary: true,
            confirm: t(`confirm.${action}`, { defaultValue: t(`actions.${action}`) }),
            // Completing a takeback with key lines still open (428): the key tab shows them, no toast.
            onError: (error) => {
              if (!(action === "complete" && isApiError(error) && error.code === "HOTB_KEYS_OPEN")) return false;
              onKeysOpen();
              return true;
            },
          }),
    ]),
  );

  return (
    <WorkflowActionBar
      resource={hotbPath}
      namespace="hotb"
      workflow={hotbWorkflow}
      record={record}
      facts={hotbGuardFacts(record)}
      actor={hotbActor()}
      extras={extras}
      testIdPrefix="hotb-"
      subject={record.name}
      confirmText={t("actions.confirm")}
      cancelText={t("actions.back")}
      formName="hotb-action"
      onDone={() => onDone()}
    />
  );
}
