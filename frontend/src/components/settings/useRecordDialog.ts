import { useCallback, useEffect, useRef, useState } from "react";
import { Form } from "antd";
import { api } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { useDialogConflict } from "./useDialogConflict";

/**
 * The form of a dialog that adds or edits one record (a tenancy's move, a handover's schedule
 * line): each time it opens it starts empty, then holds the edited record's values (`toForm`
 * turns stored values, e.g. dates, into the fields' own); `send` runs one write with the busy
 * flag, says so when it worked and closes, or shows the server's answer under the call's name
 * and stays open. An edit goes on `version`; one someone else's save overtook (410) keeps the
 * typing and offers what they changed (`conflict`, for EditConflictView), the record read again
 * from `path`.
 */
export function useRecordDialog<T extends Record<string, any>>({
  open,
  record,
  path,
  toForm,
  onClose,
}: {
  open: boolean;
  record: T | undefined;
  /** The service the record is read from again after a stale save (`moves`). */
  path: string;
  toForm: (record: T) => Record<string, unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  // The caller's function is new at every render; the form is filled again only when the dialog opens or the record changes.
  const fields = useRef(toForm);
  fields.current = toForm;
  const stable = useCallback((stored: T) => fields.current(stored), []);
  const id = record?.id;
  const read = useCallback(() => api<T>(`${path}/${id}`), [path, id]);
  const { conflict, version, start, recover } = useDialogConflict<T>({ form, toForm: stable, read });
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
