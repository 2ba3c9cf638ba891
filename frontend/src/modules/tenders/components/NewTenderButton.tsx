import { useState } from "react";
import { Button, Form, Input, Modal } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../providers/api";
import { catalogueMessage } from "../../../providers/notifications";

/**
 * "New tender": asks for the PR number, runs the server's PR check (POST tender-checks) and creates
 * the tender from it (POST tenders); a failed check shows the server's own, localised message.
 */
export function NewTenderButton() {
  const { t } = useTranslation("tenders");
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<{ prNumber: string }>();

  const run = async ({ prNumber }: { prNumber: string }) => {
    setBusy(true);
    setError(null);
    try {
      await api("tender-checks", { method: "POST", body: { prNumber: prNumber.trim() }, action: "tenders.check" });
      const tender = await api<{ id: string }>("tenders", { method: "POST", body: { prNumber: prNumber.trim() }, action: "tenders.create" });
      setOpen(false);
      navigate(`/tender/edit/${tender.id}`);
    } catch (cause) {
      setError(isApiError(cause) && cause.serverMessage ? cause.serverMessage : catalogueMessage("tenders.create", cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => {
          form.resetFields();
          setError(null);
          setOpen(true);
        }}
        data-testid="new-tender"
      >
        {t("actions.new")}
      </Button>
      <Modal
        open={open}
        title={t("newTender.title")}
        okText={t("newTender.ok")}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={run}>
          {/* The check's answer is about the PR entered: shown on its field (a missing amount, a wrong site...). */}
          <Form.Item
            name="prNumber"
            label={t("fields.prNumber")}
            rules={[{ required: true, whitespace: true, message: t("newTender.required") }]}
            validateStatus={error ? "error" : undefined}
            help={error ? <span data-testid="pr-check-error">{error}</span> : undefined}
          >
            <Input autoFocus placeholder="PR-ES-1001" onChange={() => setError(null)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
