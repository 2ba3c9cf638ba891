import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../../providers/notifications";

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
 * worked and closes, or shows the server's answer under the call's name and stays open.
 */
export function useRecordDialog<T>({
  open,
  record,
  toFields,
  onClose,
}: {
  open: boolean;
  record: T | undefined;
  toFields: (record: T) => Record<string, unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  // The caller's function is new at every render; the form is filled again only when the dialog opens or the record changes.
  const fields = useRef(toFields);
  fields.current = toFields;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue(fields.current(record));
  }, [open, record, form]);

  const send = async (operation: string, write: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await write();
      notifySuccess(done);
      onClose();
    } catch (error) {
      notifyError(operation, error);
    } finally {
      setBusy(false);
    }
  };
  return { form, busy, send };
}

/** The dialog around such a form: "Add" or "Edit" titled from the namespace's `addTitle`/`editTitle`, Save and Cancel. */
export function RecordDialog({
  namespace,
  editing,
  open,
  busy,
  onSave,
  onClose,
  children,
}: {
  namespace: string;
  editing: boolean;
  open: boolean;
  busy: boolean;
  /** May reject when the form's checks refuse: the form shows why, so the rejection goes no further (it was a page error). */
  onSave: () => unknown;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Modal
      open={open}
      title={t(editing ? "editTitle" : "addTitle")}
      okText={t("actions.save")}
      cancelText={t("actions.cancel")}
      onOk={() =>
        void Promise.resolve()
          .then(onSave)
          .catch(() => undefined)
      }
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
