import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Modal, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../providers/api";
import { notifyError, notifySuccess } from "../../../providers/notifications";
import { EditConflictView } from "../../../components/settings/EditConflictView";
import { useDialogConflict } from "../../../components/settings/useDialogConflict";
import type { EditConflict } from "../../../components/settings/useVersionedForm";

/** What the tenancy view gives a dialog that adds or edits one of its records. */
export interface TenancyRecordDialogProps {
  tenancyId: number;
  floors: string[];
  open: boolean;
  onClose: () => void;
}

/**
 * The form of a dialog that adds or edits one record of a tenancy (moves, green operation): each
 * time it opens it starts empty, then holds the edited record's values (`toFields` turns its
 * stored dates into pickers' values); `send` runs one write with the busy flag, says so when it
 * worked and closes, or shows the server's answer under the call's name and stays open. An edit
 * goes on `version`; one someone else's save overtook (410) keeps the typing and offers what they
 * changed (`conflict`, shown by RecordDialog), the record read again from `path`.
 */
export function useRecordDialog<T extends Record<string, any>>({
  open,
  record,
  path,
  toFields,
  onClose,
}: {
  open: boolean;
  record: T | undefined;
  /** The service the record is read from again after a stale save (`moves`). */
  path: string;
  toFields: (record: T) => Record<string, unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  // The caller's function is new at every render; the form is filled again only when the dialog opens or the record changes.
  const fields = useRef(toFields);
  fields.current = toFields;
  const toForm = useCallback((stored: T) => fields.current(stored), []);
  const id = record?.id;
  const read = useCallback(() => api<T>(`${path}/${id}`), [path, id]);
  const { conflict, version, start, recover } = useDialogConflict<T>({ form, toForm, read });
  // A live copy of the same record (`record` anew) must not take the user's edit back to it: the
  // form starts again only when the dialog opens or opens on another record.
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

/** The dialog around such a form: "Add" or "Edit" titled from the namespace's `addTitle`/`editTitle`, Save and Cancel. */
export function RecordDialog({
  namespace,
  editing,
  open,
  busy,
  onSave,
  onClose,
  conflict,
  form,
  display,
  children,
}: {
  namespace: string;
  editing: boolean;
  open: boolean;
  busy: boolean;
  /** May reject when the form's checks refuse: the form shows why, so the rejection goes no further (it was a page error). */
  onSave: () => unknown;
  onClose: () => void;
  /** A stale save's conflict (useRecordDialog), shown above the form. */
  conflict?: EditConflict;
  form?: FormInstance;
  display?: Parameters<typeof EditConflictView>[0]["display"];
  children: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const save = () =>
    void Promise.resolve()
      .then(onSave)
      .catch(() => undefined);
  return (
    <Modal
      open={open}
      title={t(editing ? "editTitle" : "addTitle")}
      okText={t("actions.save")}
      cancelText={t("actions.cancel")}
      onOk={save}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      width={conflict ? 720 : undefined}
    >
      {conflict && form && <EditConflictView conflict={conflict} form={form} ns={namespace} display={display} onSave={save} />}
      {children}
    </Modal>
  );
}
