import { useEffect } from "react";
import { Form, Input, Modal } from "antd";

/**
 * A decision that must say why (a claim or a change order rejected): the reason is checked on
 * leaving the field by the workflow's own rule, and the dialog stays open until the move is done.
 * Each opening starts empty.
 */
export function ReasonDialog({
  open,
  title,
  cancelText,
  label,
  placeholder,
  maxLength,
  valid,
  invalid,
  busy,
  testId,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  cancelText: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  /** The workflow's rule for the reason (the server checks the same). */
  valid: (reason: string | undefined) => boolean;
  invalid: string;
  busy: boolean;
  /** `<testId>-confirm` on the button, `<testId>-reason` on the field. */
  testId: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={title}
      okText={title}
      okButtonProps={{ danger: true, "data-testid": `${testId}-confirm` } as never}
      cancelText={cancelText}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" validateTrigger="onBlur" onFinish={(values) => onSubmit(values.reason.trim())}>
        <Form.Item name="reason" label={label} rules={[{ validator: async (_rule, value) => (valid(value) ? undefined : Promise.reject(new Error(invalid))) }]}>
          <Input.TextArea rows={3} maxLength={maxLength} showCount placeholder={placeholder} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
