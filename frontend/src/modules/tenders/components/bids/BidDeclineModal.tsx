import { Form, Input, Modal, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { declineReasonMaxLength, isValidDeclineReason } from "../rules";

interface BidDeclineModalProps {
  open: boolean;
  form: FormInstance<{ reason: string }>;
  busy: boolean;
  onOk: () => void;
  onCancel: () => void;
}

/** The reason a vendor gives for declining to bid. */
export function BidDeclineModal({ open, form, busy, onOk, onCancel }: BidDeclineModalProps) {
  const { t } = useTranslation("bids");
  return (
    <Modal
      open={open}
      title={t("actions.decline")}
      okText={t("actions.decline")}
      cancelText={t("actions.cancel")}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t("fields.declineReason")}
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_, value) => {
                if (!isValidDeclineReason(value)) throw new Error(t("validation.declineReason", { max: declineReasonMaxLength }));
              },
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3 }} showCount maxLength={declineReasonMaxLength + 1} data-testid="decline-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
