import { createContext, useContext, useState, type ReactNode } from "react";
import { Button, Form, Modal, Popconfirm, Space, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useWarnAboutChange } from "@refinedev/core";
import { callMethod } from "./api";
import { notifyError, notifySuccess } from "../../../providers/notifications";

/** One step on a tender (a workflow action, an addendum step): what it calls and how it is asked for. */
export interface TenderAction {
  /** Names the step: its busy state, and its error catalogue key `tenders.<name>` unless `errorKey` says otherwise. */
  name: string;
  /** The tenders custom method called with `{id, updatedAt, ...payload}`. */
  method: string;
  label: string;
  testId: string;
  /** Said when the step succeeded (from the stored record where it names it). */
  done: string | ((record: Record<string, any>) => string);
  primary?: boolean;
  danger?: boolean;
  /** A step without input is confirmed in a pop-up with this question. */
  confirm?: string;
  /** A step with input asks for these form fields in a dialog first (mounted only while it is open). */
  fields?: ReactNode;
  /** The method's arguments from the dialog's values. */
  payload?: (values: Record<string, any>) => Record<string, unknown>;
  /** The edit screen saves the form before this step (a submission); its updatedAt is sent. */
  saveFirst?: boolean;
  errorKey?: string;
  /** Replaces the screen's onDone for this step: leaving a screen that no longer applies (unsaved typing there is moot). */
  then?: (record: Record<string, any>) => void;
}

/**
 * Why every step is off for now (another user holds the edit lock: "Ann is editing this record"),
 * shown as the buttons' tooltip; undefined while the steps are open. Set by the edit screen's frame.
 */
export const ActionsDisabledReason = createContext<string | undefined>(undefined);

export interface ActionButtonsProps {
  record: Record<string, any>;
  actions: TenderAction[];
  /** Runs before a `saveFirst` step (the edit screen saves); answers the record's updatedAt. */
  beforeSubmit?: () => Promise<unknown>;
  onDone?: (record: Record<string, any>) => void;
  /** Replaces the error toast; `operation` is the step's error catalogue key. */
  onError?: (operation: string, error: unknown) => void;
  /** The dialog form's data-testid. */
  dialogTestId?: string;
}

/**
 * The buttons of a tender's steps: each runs its method (confirmed in a pop-up, or after a dialog
 * asking for its input), says it is done or why it failed, and hands the stored record back.
 */
export function ActionButtons({ record, actions, beforeSubmit, onDone, onError, dialogTestId }: ActionButtonsProps) {
  const { t } = useTranslation("tenders");
  const [dialog, setDialog] = useState<TenderAction | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm();
  const { setWarnWhen } = useWarnAboutChange();
  const disabledReason = useContext(ActionsDisabledReason);

  const run = async (action: TenderAction, values: Record<string, any> = {}) => {
    setBusy(action.name);
    try {
      let updatedAt = record.updatedAt;
      if (action.saveFirst && beforeSubmit) updatedAt = (await beforeSubmit()) ?? updatedAt;
      const result = await callMethod("tenders", action.method, { id: record.id, updatedAt, ...(action.payload?.(values) ?? {}) });
      notifySuccess(typeof action.done === "string" ? action.done : action.done(result));
      setDialog(null);
      if (action.then) {
        setWarnWhen(false);
        action.then(result);
      } else onDone?.(result);
    } catch (error) {
      const operation = action.errorKey ?? `tenders.${action.name}`;
      if (onError) onError(operation, error);
      else notifyError(operation, error);
    } finally {
      setBusy(null);
    }
  };

  if (!actions.length) return null;
  return (
    <>
      <Space wrap>
        {actions.map((action) => {
          const button = (onClick?: () => void) => (
            <Button
              key={action.name}
              type={action.primary ? "primary" : "default"}
              danger={action.danger}
              loading={busy === action.name}
              disabled={disabledReason !== undefined}
              onClick={onClick}
              data-testid={action.testId}
            >
              {action.label}
            </Button>
          );
          if (disabledReason !== undefined)
            return (
              <Tooltip key={action.name} title={disabledReason}>
                {button()}
              </Tooltip>
            );
          if (action.fields)
            return button(() => {
              form.resetFields();
              setDialog(action);
            });
          return (
            <Popconfirm
              key={action.name}
              title={action.confirm}
              okText={action.label}
              okButtonProps={{ danger: action.danger }}
              cancelText={t("actions.close")}
              onConfirm={() => run(action)}
            >
              {button()}
            </Popconfirm>
          );
        })}
      </Space>
      <Modal
        open={dialog !== null}
        title={dialog?.label ?? ""}
        okText={dialog?.label ?? ""}
        cancelText={t("actions.close")}
        confirmLoading={busy !== null}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => dialog && run(dialog, values)} data-testid={dialogTestId}>
          {dialog?.fields}
        </Form>
      </Modal>
    </>
  );
}
