import { useEffect, useRef, useState } from "react";
import { Button, Card, Col, Form, Input, Popconfirm, Row, Space, Tag, Typography } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { EyeOutlined, RollbackOutlined, SaveOutlined, SendOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { templateTextProblem } from "../../../../backend/src/mail/template-text.shared";
import {
  mailTemplatePreviewsPath,
  mailTemplatesPath,
  mailTemplateTestsPath,
  type MailTemplateLanguage,
  type MailTemplatePreview,
  type MailTemplateRecord,
} from "../../../../backend/src/services/mail-templates/mail-templates.shared";
import { api } from "../../providers/api";
import { notifyError, notifySuccess } from "../../providers/notifications";
import { SourceTag } from "./SourceTag";

interface TextValues {
  subject: string;
  body: string;
}

/**
 * One language of a template: subject and body (checked on blur against the template's fields),
 * the fields beside them, a preview rendered by the server, a test mail to oneself, and saving as
 * a new version with the version read (410 when someone saved since).
 */
export function TemplateTextEditor({ template, language, onSaved }: { template: MailTemplateRecord; language: MailTemplateLanguage; onSaved: () => void }) {
  const { t } = useTranslation(["mail-templates", "common"]);
  const [form] = Form.useForm<TextValues>();
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<MailTemplatePreview | null>(null);
  const body = useRef<TextAreaRef>(null);
  const text = template.languages[language];

  useEffect(() => {
    form.setFieldsValue({ subject: text.subject, body: text.body });
  }, [form, text.subject, text.body, text.version]);

  const placeholderRule = (field: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(t("validation.required", { field: t(`fields.${field}`).toLowerCase() }));
      const problem = templateTextProblem(value, template.fields);
      if (problem?.code === "MAIL_TEMPLATE_UNKNOWN_FIELD") throw new Error(t("validation.unknown", { field: problem.field }));
      if (problem) throw new Error(t("validation.unbalanced", { near: problem.near, open: "{{", close: "}}", interpolation: { escapeValue: false } }));
    },
  });

  const run = async (name: string, operation: string, call: () => Promise<void>) => {
    setBusy(name);
    try {
      await call();
    } catch (error) {
      notifyError(operation, error, template.label);
    } finally {
      setBusy(null);
    }
  };

  const tried = async () => ({ template: template.name, language, ...(await form.validateFields()) });

  const save = () =>
    run("save", `${mailTemplatesPath}.update`, async () => {
      const values = await form.validateFields();
      const saved = await api<MailTemplateRecord>(`${mailTemplatesPath}/${template.name}`, {
        method: "PATCH",
        body: { language, ...values, updatedAt: text.updatedAt },
        action: `${mailTemplatesPath}.update`,
      });
      notifySuccess(t("messages.saved", { version: saved.languages[language].version }));
      onSaved();
    });

  const showPreview = () =>
    run("preview", `${mailTemplatesPath}.preview`, async () => {
      setPreview(await api<MailTemplatePreview>(mailTemplatePreviewsPath, { method: "POST", body: await tried(), action: `${mailTemplatesPath}.preview` }));
    });

  const sendTest = () =>
    run("test", `${mailTemplatesPath}.sendTest`, async () => {
      const sent = await api<{ to: string }>(mailTemplateTestsPath, { method: "POST", body: await tried(), action: `${mailTemplatesPath}.sendTest` });
      notifySuccess(t("messages.testSent", { to: sent.to }));
    });

  const restoreDefault = () =>
    run("default", `${mailTemplatesPath}.restore`, async () => {
      await api(`${mailTemplatesPath}/${template.name}`, {
        method: "PATCH",
        body: { language, restore: "default", updatedAt: text.updatedAt },
        action: `${mailTemplatesPath}.restore`,
      });
      notifySuccess(t("messages.restored"));
      onSaved();
    });

  /** Puts `{{field}}` where the body's cursor is (at the end when it has none). */
  const insertField = (field: string) => {
    const element = body.current?.resizableTextArea?.textArea;
    const current = form.getFieldValue("body") ?? "";
    const at = element ? element.selectionStart : current.length;
    const end = element ? element.selectionEnd : current.length;
    form.setFieldValue("body", `${current.slice(0, at)}{{${field}}}${current.slice(end)}`);
    void form.validateFields(["body"]).catch(() => undefined);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Form form={form} layout="vertical" data-testid={`template-form-${language}`}>
          <Space wrap style={{ marginBottom: 12 }}>
            <SourceTag text={text} />
          </Space>
          <Form.Item name="subject" label={t("fields.subject")} rules={[placeholderRule("subject")]} validateTrigger="onBlur">
            <Input maxLength={300} data-testid="template-subject" />
          </Form.Item>
          <Form.Item name="body" label={t("fields.body")} extra={t("bodyHelp")} rules={[placeholderRule("body")]} validateTrigger="onBlur">
            <Input.TextArea ref={body} autoSize={{ minRows: 8, maxRows: 24 }} maxLength={20000} data-testid="template-body" />
          </Form.Item>
          <Space wrap>
            <Button type="primary" icon={<SaveOutlined />} loading={busy === "save"} onClick={() => void save()} data-testid="template-save">
              {t("actions.save")}
            </Button>
            <Button icon={<EyeOutlined />} loading={busy === "preview"} onClick={() => void showPreview()} data-testid="template-preview">
              {t("actions.preview")}
            </Button>
            <Button icon={<SendOutlined />} loading={busy === "test"} onClick={() => void sendTest()} data-testid="template-test">
              {t("actions.sendTest")}
            </Button>
            <Popconfirm
              title={t("messages.confirmDefault", { language: t(`languageNames.${language}`) })}
              onConfirm={() => void restoreDefault()}
              okText={t("actions.restore")}
              cancelText={t("common:buttons.cancel")}
            >
              <Button icon={<RollbackOutlined />} loading={busy === "default"} disabled={text.updatedAt === null} data-testid="template-restore-default">
                {t("actions.restoreDefault")}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
        {preview && (
          <Card size="small" title={t("preview.title")} style={{ marginTop: 16 }} data-testid="template-preview-card">
            <Typography.Paragraph>
              <Typography.Text type="secondary">{t("preview.subject")}: </Typography.Text>
              <Typography.Text strong data-testid="preview-subject">
                {preview.subject}
              </Typography.Text>
            </Typography.Paragraph>
            {/* The server's HTML, escaped there; shown without scripts or same-origin rights all the same. */}
            <iframe
              title={t("preview.title")}
              sandbox=""
              srcDoc={preview.html}
              style={{ width: "100%", minHeight: 280, border: "1px solid #f0f0f0" }}
              data-testid="preview-html"
            />
          </Card>
        )}
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={t("fieldsTitle")} data-testid="template-fields">
          <Typography.Paragraph type="secondary">{t("fieldsHelp")}</Typography.Paragraph>
          <Space wrap>
            {template.fields.map((field) => (
              <Tag key={field} color="geekblue" style={{ cursor: "pointer" }} onClick={() => insertField(field)} role="button" aria-label={`{{${field}}}`}>
                {`{{${field}}}`}
              </Tag>
            ))}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
