import { useState } from "react";
import { Form, Modal, Row } from "antd";
import dayjs from "dayjs";
import { api } from "../providers/api";
import { notifyError, notifySuccess } from "../providers/notifications";
import { dayOf, DescriptionField, PeriodFields, type PeriodTexts, type PeriodValues } from "./RecordUpload";

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

/**
 * Changes a stored document's effective period, and its description when the module's documents
 * have one (`descriptionMax`): `PATCH <path>/:id` with the version read. Checked on blur (the end
 * against the start, the description's length) before anything is sent; the server's answer (410
 * when another user changed it first) is the platform's message, and the dialog stays open.
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
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(`${path}/${row.id}`, {
        method: "PATCH",
        action,
        body: {
          updatedAt: row.updatedAt,
          ...(descriptionMax !== undefined ? { description: values.description?.trim() || null } : {}),
          effectiveDate: dayOf(values.effectiveDate),
          effectiveUntil: dayOf(values.effectiveUntil),
        },
      });
      notifySuccess(texts.saved);
      onSaved();
      onClose();
    } catch (error) {
      notifyError(action, error);
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
    >
      <Form
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        data-testid="period-form"
        initialValues={{
          description: row.description ?? "",
          effectiveDate: row.effectiveDate ? dayjs(row.effectiveDate) : null,
          effectiveUntil: row.effectiveUntil ? dayjs(row.effectiveUntil) : null,
        }}
      >
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
