import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { EditConflictView } from "../../../components/settings/EditConflictView";
import { useDialogConflict } from "../../../components/settings/useDialogConflict";

/**
 * A dialog's form that adds or edits one record of a handover service (the record's information,
 * a schedule line, a key line): each opening starts from the record (`toForm`), a save goes on the
 * version the edit started from, and one someone else's save overtook (410) keeps what was typed,
 * says so and offers what they changed (EditConflictView); the record is read again from `path`.
 */
export function useVersionedDialog<T extends Record<string, any>>({
  open,
  record,
  path,
  toForm,
  onClose,
}: {
  open: boolean;
  record: T | undefined;
  path: string;
  toForm: (record: T) => Record<string, unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const fields = useRef(toForm);
  fields.current = toForm;
  const stable = useCallback((stored: T) => fields.current(stored), []);
  const id = record?.id;
  const read = useCallback(() => api<T>(`${path}/${id}`), [path, id]);
  const { conflict, version, start, recover } = useDialogConflict<T>({ form, toForm: stable, read });
  // A live copy of the same record must not take the user's typing back: the form starts again only when the dialog opens.
  const latest = useRef(record);
  latest.current = record;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (latest.current) form.setFieldsValue(fields.current(latest.current));
    start(latest.current);
  }, [open, id, form, start]);

  const send = async (operation: string, write: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await write();
      notifySuccess(done);
      onClose();
    } catch (error) {
      if (!(await recover(error))) notifyError(operation, error);
    } finally {
      setBusy(false);
    }
  };
  return { form, busy, send, version, conflict };
}

/** The dialog around such a form: its title, Save and Back, and a stale save's choices above the form. */
export function VersionedDialog({
  title,
  open,
  busy,
  onFinish,
  onClose,
  dialog,
  testId,
  labels,
  children,
}: {
  title: string;
  open: boolean;
  busy: boolean;
  /** The checked values, to save. */
  onFinish: (values: Record<string, any>) => void;
  onClose: () => void;
  dialog: Pick<ReturnType<typeof useVersionedDialog>, "form" | "conflict">;
  testId: string;
  /** Labels of the fields the namespace's `fields.<name>` does not give. */
  labels?: Record<string, string>;
  children: ReactNode;
}) {
  const { t } = useTranslation("hotb");
  return (
    <Modal
      open={open}
      title={title}
      okText={t("actions.save")}
      cancelText={t("actions.back")}
      okButtonProps={{ "data-testid": `${testId}-save` } as never}
      onOk={() => dialog.form.submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={dialog.conflict ? 720 : undefined}
    >
      {dialog.conflict && <EditConflictView conflict={dialog.conflict} form={dialog.form} ns="hotb" labels={labels} />}
      <Form form={dialog.form} name={testId} layout="vertical" validateTrigger="onBlur" onFinish={onFinish}>
        {children}
      </Form>
    </Modal>
  );
}
