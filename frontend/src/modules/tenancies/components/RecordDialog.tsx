import type { ReactNode } from "react";
import { Modal, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { EditConflictView } from "../../../components/settings/EditConflictView";
import type { EditConflict } from "../../../components/settings/useVersionedForm";

/** What the tenancy view gives a dialog that adds or edits one of its records. */
export interface TenancyRecordDialogProps {
  tenancyId: number;
  floors: string[];
  open: boolean;
  onClose: () => void;
}

/** The dialog around a tenancy record's form (useRecordDialog): "Add" or "Edit" titled from the namespace's `addTitle`/`editTitle`, Save and Cancel. */
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
  /** A stale save’s conflict (useRecordDialog), shown above the form. */
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
