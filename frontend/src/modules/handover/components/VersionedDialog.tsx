import type { ReactNode } from "react";
import { Form, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { EditConflictView } from "../../../components/settings/EditConflictView";
import { useRecordDialog } from "../../../components/settings/useRecordDialog";

/** The dialog around a handover form (useRecordDialog: the information, a schedule line, a key line): its title, Save and Back, and a stale save's choices above the form. */
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
  dialog: Pick<ReturnType<typeof useRecordDialog>, "form" | "conflict">;
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
