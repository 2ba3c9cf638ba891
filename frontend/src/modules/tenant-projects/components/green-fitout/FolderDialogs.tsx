import { useState } from "react";
import { Form, Input, InputNumber, Modal, Select } from "antd";
import { useTranslation } from "react-i18next";
import { api } from "../../../../providers/api";
import { notifyError, notifySuccess } from "../../../../providers/notifications";
import {
  greenFitoutCategories,
  greenFitoutFoldersPath,
} from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitouts.shared";
import { greenCall, type GreenFitout, type GreenFolder } from "./greenApi";

// The folder dialogs of GreenFolders: a reviewer's decision and a new folder.

/** A reviewer's decision on a folder: the points (checked as the field is left) and approve, or a reason and reject. */
export function DecideFolder({ folder, action, onClose }: { folder: GreenFolder; action: "approve" | "reject" | "updatePoints"; onClose: () => void }) {
  const { t } = useTranslation("green-fitout");
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await greenCall(greenFitoutFoldersPath, action, {
        id: folder.id,
        updatedAt: folder.updatedAt,
        ...(action === "reject" ? { reason: values.reason } : { points: values.points }),
      });
      notifySuccess(t(`folders.done.${action}`));
      onClose();
    } catch (error) {
      // A refused save keeps what was typed: the dialog stays open with its values.
      notifyError(`${greenFitoutFoldersPath}.${action}`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t(`folders.actions.${action}`)}: ${folder.title}`}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okText={t(`folders.actions.${action}`)}
      okButtonProps={{ "data-testid": "green-decide-ok" } as any}
    >
      <Form form={form} layout="vertical" initialValues={{ points: folder.pointsAwarded ?? folder.pointsClaimed ?? 0, reason: "" }}>
        {action === "reject" ? (
          <Form.Item
            name="reason"
            label={t("folders.reason")}
            validateTrigger="onBlur"
            rules={[{ required: true, whitespace: true, message: t("folders.reasonRequired") }]}
          >
            <Input.TextArea rows={3} maxLength={2000} data-testid="green-reject-reason" />
          </Form.Item>
        ) : (
          <Form.Item
            name="points"
            label={t("folders.pointsAwarded")}
            validateTrigger="onBlur"
            rules={[{ required: true, type: "integer", min: 0, max: 1000, message: t("folders.pointsInvalid") }]}
          >
            <InputNumber min={0} max={1000} precision={0} data-testid="green-points-input" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** A new folder (spec ADD_FORDER): category, title and the points the tenant may claim, checked as each field is left. */
export function AddFolder({ fitout, onClose }: { fitout: GreenFitout; onClose: () => void }) {
  const { t } = useTranslation("green-fitout");
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api(greenFitoutFoldersPath, { method: "POST", body: { greenFitoutId: fitout.id, ...values }, action: `${greenFitoutFoldersPath}.create` });
      onClose();
    } catch (error) {
      notifyError(`${greenFitoutFoldersPath}.create`, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t("folders.add")}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={busy}
      okButtonProps={{ "data-testid": "green-add-folder-ok" } as any}
    >
      <Form form={form} layout="vertical" initialValues={{ pointsClaimed: 0 }}>
        <Form.Item name="category" label={t("folders.category")} validateTrigger="onBlur" rules={[{ required: true, message: t("folders.categoryRequired") }]}>
          <Select
            data-testid="green-folder-category"
            options={greenFitoutCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t("folders.titleField")}
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, max: 200, message: t("folders.titleRequired") }]}
        >
          <Input maxLength={200} data-testid="green-folder-title" />
        </Form.Item>
        <Form.Item
          name="pointsClaimed"
          label={t("folders.pointsClaimed")}
          validateTrigger="onBlur"
          rules={[{ type: "integer", min: 0, max: 1000, message: t("folders.pointsInvalid") }]}
        >
          <InputNumber min={0} max={1000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
