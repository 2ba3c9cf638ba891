import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { Button, Form, Modal, Popconfirm, Space, Tooltip } from "antd";
import { useWarnAboutChange } from "@refinedev/core";
import { api } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";

/** One step on a record (a workflow action, a hand-over): the custom method it calls and how it is asked for. */
export interface ActionStep {
  /** Names the step: its busy state, and its error catalogue key `<resource>.<name>` unless `errorKey` says otherwise. */
  name: string;
  /** The resource's custom method, called with `{id, updatedAt, ...payload}` (with `sendAs: "patch"`, the `action` of the PATCH). */
  method: string;
  label: string;
  testId: string;
  /** Said when the step succeeded (from the stored record where it names it). */
  done: string | ((record: Record<string, any>) => string);
  primary?: boolean;
  danger?: boolean;
  /** A step without input is confirmed in a pop-up with this question. */
  confirm?: string;
  /** The pop-up's line under the question, naming what the step does to whom ("Ann (ann) can no longer sign in"). */
  description?: string;
  /** A step with input asks for these form fields in a dialog first (mounted only while it is open). */
  fields?: ReactNode;
  /** The method's arguments from the dialog's values. */
  payload?: (values: Record<string, any>) => Record<string, unknown>;
  /** The edit screen saves the form before this step (a submission); its updatedAt is sent. */
  saveFirst?: boolean;
  errorKey?: string;
  /** Replaces the screen's onDone for this step: leaving a screen that no longer applies (unsaved typing there is moot). */
  then?: (record: Record<string, any>) => void;
  /** This step's dialog test ids, where each step's dialog has its own (default: the buttons' `dialogTestId`). */
  dialogTestId?: string;
  /** Its dialog's OK button test id, where it is not `<dialogTestId>-confirm`. */
  okTestId?: string;
  /** Its dialog's title, where it is not the step's label ("Arrange the appointment"). */
  title?: string;
  /**
   * The dialog's values when it opens, for a step that changes what the record holds (an
   * appointment's date and contacts, prefilled from the record): read once per opening, so a live
   * update of the record while the dialog is open does not reset what is typed.
   */
  initialValues?: Record<string, unknown>;
  /**
   * This step's own answer to a failure it expects (a takeback completed with keys still open goes
   * to its key lines): true when it handled the error, which then shows no toast and skips the
   * buttons' `onError`.
   */
  onError?: (error: unknown) => boolean;
}

/**
 * Why every step is off for now (another user holds the edit lock: "Ann is editing this record"),
 * shown as the buttons' tooltip; undefined while the steps are open. Set by an edit screen's frame.
 */
export const ActionsDisabledReason = createContext<string | undefined>(undefined);

export interface ActionButtonsProps {
  /** The Feathers path whose custom methods the steps call; also their error catalogue prefix. */
  resource: string;
  record: Record<string, any>;
  steps: ActionStep[];
  /** Runs before a `saveFirst` step (the edit screen saves); answers the record's updatedAt. */
  beforeSubmit?: () => Promise<unknown>;
  onDone?: (record: Record<string, any>) => void;
  /** Replaces the error toast (an edit screen shows a stale save, 410, as a conflict); `operation` is the step's error catalogue key. */
  onError?: (operation: string, error: unknown) => void;
  /** Names the record in the error toast ("Could not complete the project “PO-1234”"). */
  subject?: string;
  /** The pop-up's confirm button; the step's own label unless the resource words it once for all. */
  confirmText?: string;
  cancelText: string;
  /** The dialog form's data-testid; `<dialogTestId>-confirm` on its OK button. */
  dialogTestId?: string;
  /** The dialog form's name (its fields' ids `<formName>_<field>`), where the screen has another form of the same field names. */
  formName?: string;
  /**
   * How a step reaches the server: the resource's custom method of its `method` (default), or a
   * PATCH of the record with `{ action: method, updatedAt, ...payload }`, for a resource whose
   * patch takes its workflow moves (a payment claim).
   */
  sendAs?: "method" | "patch";
  /** The buttons' size and the gap between them: a table row's actions are small and close (default antd's). */
  size?: "small" | "middle";
  gap?: number;
}

/**
 * The buttons of a record's steps: each runs its method (confirmed in a pop-up, or after a dialog
 * asking for its input), says it is done or why it failed, and hands the stored record back.
 */
export function ActionButtons({
  resource,
  record,
  steps,
  beforeSubmit,
  onDone,
  onError,
  subject,
  confirmText,
  cancelText,
  dialogTestId,
  formName,
  sendAs = "method",
  size,
  gap,
}: ActionButtonsProps) {
  const [dialog, setDialog] = useState<ActionStep | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm();
  const { setWarnWhen } = useWarnAboutChange();
  const disabledReason = useContext(ActionsDisabledReason);

  // The opened step's prefill, once its fields are mounted (the step is kept as it was when opened).
  useEffect(() => {
    if (dialog?.initialValues) form.setFieldsValue(dialog.initialValues);
  }, [dialog, form]);

  const run = async (step: ActionStep, values: Record<string, any> = {}) => {
    setBusy(step.name);
    try {
      let updatedAt = record.updatedAt;
      if (step.saveFirst && beforeSubmit) updatedAt = (await beforeSubmit()) ?? updatedAt;
      const payload = step.payload?.(values) ?? {};
      const action = `${resource}.${step.method}`;
      const result =
        sendAs === "patch"
          ? await api<Record<string, any>>(`${resource}/${encodeURIComponent(record.id)}`, {
              method: "PATCH",
              body: { updatedAt, action: step.method, ...payload },
              action,
            })
          : await api<Record<string, any>>(resource, {
              method: "POST",
              body: { id: record.id, updatedAt, ...payload },
              headers: { "X-Service-Method": step.method },
              action,
            });
      notifySuccess(typeof step.done === "string" ? step.done : step.done(result));
      setDialog(null);
      if (step.then) {
        setWarnWhen(false);
        step.then(result);
      } else onDone?.(result);
    } catch (error) {
      const operation = step.errorKey ?? `${resource}.${step.name}`;
      if (step.onError?.(error)) return;
      if (onError) onError(operation, error);
      else notifyError(operation, error, subject);
    } finally {
      setBusy(null);
    }
  };

  if (!steps.length) return null;
  const dialogIds = dialog?.dialogTestId ?? dialogTestId;
  const okTestId = dialog?.okTestId ?? (dialogIds ? `${dialogIds}-confirm` : undefined);
  return (
    <>
      <Space wrap size={gap}>
        {steps.map((step) => {
          const button = (onClick?: () => void) => (
            <Button
              key={step.name}
              size={size}
              type={step.primary ? "primary" : "default"}
              danger={step.danger}
              loading={busy === step.name}
              disabled={disabledReason !== undefined}
              onClick={onClick}
              data-testid={step.testId}
            >
              {step.label}
            </Button>
          );
          if (disabledReason !== undefined)
            return (
              <Tooltip key={step.name} title={disabledReason}>
                {button()}
              </Tooltip>
            );
          if (step.fields)
            return button(() => {
              form.resetFields();
              setDialog(step);
            });
          return (
            <Popconfirm
              key={step.name}
              title={step.confirm}
              description={step.description}
              okText={confirmText ?? step.label}
              okButtonProps={{ danger: step.danger }}
              cancelText={cancelText}
              onConfirm={() => run(step)}
            >
              {button()}
            </Popconfirm>
          );
        })}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog?.title ?? dialog?.label ?? ""}
        okText={dialog?.label ?? ""}
        okButtonProps={{ danger: dialog?.danger, ...(okTestId ? { "data-testid": okTestId } : {}) } as never}
        cancelText={cancelText}
        confirmLoading={busy !== null}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} name={formName} layout="vertical" onFinish={(values) => dialog && run(dialog, values)} data-testid={dialogIds}>
          {dialog?.fields}
        </Form>
      </Modal>
    </>
  );
}
