import { useCallback, useEffect, useState } from "react";
import { Form, Modal, Row } from "antd";
import dayjs from "dayjs";
import { api } from "../providers/api";
import { notifyError, notifySuccess } from "../providers/notifications";
import { dayOf, DescriptionField, PeriodFields, type PeriodTexts, type PeriodValues } from "./RecordUpload";
import { EditConflictView } from "./settings/EditConflictView";
import { useDialogConflict } from "./settings/useDialogConflict";

/** A stored document as its dialog reads it: the version read goes back with the change (410 when stale). */
export interface DocumentDetailsRow {
  id: number;
  name: string;
  description?: string | null;
  effectiveDate: string | null;
  effectiveUntil: string | null;
  updatedAt: string;
}

/** The module's words for the dialog, in the user's language. */
export interface DocumentDetailsTexts extends PeriodTexts {
  title: string;
  save: string;
  cancel: string;
  saved: string;
  /** With `descriptionMax`: the description's label and its too-long message. */
  description?: string;
  descriptionInvalid?: string;
}

interface DetailsValues extends PeriodValues {
  description?: string;
}

/** A document as the form holds it. */
const detailsForm = (row: DocumentDetailsRow): Record<string, unknown> => ({
  description: row.description ?? "",
  effectiveDate: row.effectiveDate ? dayjs(row.effectiveDate) : null,
  effectiveUntil: row.effectiveUntil ? dayjs(row.effectiveUntil) : null,
});

/**
 * Changes a stored document's effective period, and its description when the module's documents
 * have one (`descriptionMax`): `PATCH <path>/:id` with the version read. Checked on blur (the end
 * against the start, the description's length) before anything is sent; the server's refusal is the
 * platform's message, and the dialog stays open. A change another user's save overtook (410) keeps
 * what was typed and offers what they changed, field by field (EditConflictView).
 */
export function DocumentDetailsDialog({
  path,
  action,
  row,
  texts,
  descriptionMax,
  onClose,
  onSaved,
}: {
  /** The documents service and the action's name (error catalogue, audit). */
  path: string;
  action: string;
  row: DocumentDetailsRow;
  texts: DocumentDetailsTexts;
  descriptionMax?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<DetailsValues>();
  const [busy, setBusy] = useState(false);
  const read = useCallback(() => api<DocumentDetailsRow>(`${path}/${row.id}`), [path, row.id]);
  const { conflict, version, start, recover } = useDialogConflict<DocumentDetailsRow>({ form, toForm: detailsForm, read });
  // The dialog opens on one row; a live copy of it must not take the user's edit back.
  const [opened] = useState(row);
  useEffect(() => start(opened), [opened, start]);
  const conflictLabels = { effectiveDate: texts.effectiveDate, effectiveUntil: texts.effectiveUntil, description: texts.description ?? "" };
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(`${path}/${row.id}`, {
        method: "PATCH",
        action,
        body: {
          updatedAt: version,
          ...(descriptionMax !== undefined ? { description: values.description?.trim() || null } : {}),
          effectiveDate: dayOf(values.effectiveDate),
          effectiveUntil: dayOf(values.effectiveUntil),
        },
      });
      notifySuccess(texts.saved);
      onSaved();
      onClose();
    } catch (error) {
      if (!(await recover(error))) notifyError(action, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={texts.title}
      okText={texts.save}
      okButtonProps={{ "data-testid": "document-details-save" } as never}
      cancelText={texts.cancel}
      confirmLoading={busy}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      width={conflict ? 720 : undefined}
    >
      <EditConflictView conflict={conflict} form={form} ns="documents" labels={conflictLabels} onSave={() => void save().catch(() => undefined)} />
      <Form form={form} layout="vertical" validateTrigger="onBlur" data-testid="period-form" initialValues={detailsForm(opened)}>
        {descriptionMax !== undefined && (
          <DescriptionField
            label={texts.description}
            invalid={texts.descriptionInvalid}
            max={descriptionMax}
            rows={{ minRows: 2, maxRows: 6 }}
            testId="document-details-description"
          />
        )}
        <Row gutter={12}>
          <PeriodFields texts={texts} />
        </Row>
      </Form>
    </Modal>
  );
}
