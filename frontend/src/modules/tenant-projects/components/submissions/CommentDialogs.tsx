import { Checkbox, Form, Input, Modal, Select, Typography, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { submissionLimits } from "../../../../../../backend/src/modules/tenant-projects/services/tenant-submissions/tenant-submissions.shared";
import type { Comment } from "./submissionApi";

/**
 * The reviewer adds a comment (in a section of the register, citing a guideline if they wish) or
 * edits the text of one not sent yet.
 */
export function CommentFormDialog({
  editing,
  form,
  sections,
  nextSection,
  guidelineOptions,
  onSubmit,
  onCancel,
}: {
  /** A new comment, the comment edited, or null while the dialog is closed. */
  editing: Comment | "new" | null;
  form: FormInstance;
  /** The register's sections so far; a new comment may open `nextSection`. */
  sections: number[];
  nextSection: number;
  guidelineOptions: { value: number; label: string }[];
  onSubmit: (values: { text: string; section: number; guidelineId?: number }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("submissions");
  return (
    <Modal
      open={editing !== null}
      title={editing === "new" ? t("comments.add") : t("comments.edit")}
      okText={t("comments.save")}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit} data-testid="comment-form">
        <Form.Item name="section" label={t("comments.section")} hidden={editing !== "new"}>
          <Select
            options={[...sections, nextSection].map((section) => ({
              value: section,
              label: section === nextSection ? t("comments.newSection", { section }) : String(section),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t("comments.text")}
          validateTrigger="onBlur"
          rules={[{ required: true, whitespace: true, message: t("comments.textRequired") }, { max: submissionLimits.comment }]}
        >
          <Input.TextArea rows={4} data-testid="comment-text" />
        </Form.Item>
        {editing === "new" && guidelineOptions.length > 0 && (
          <Form.Item name="guidelineId" label={t("comments.guideline")}>
            <Select allowClear showSearch optionFilterProp="label" options={guidelineOptions} data-testid="comment-guideline" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The tenant answers a sent comment, or marks it not applicable (then the answer may stay empty). */
export function AnswerDialog({
  answering,
  form,
  onSubmit,
  onCancel,
}: {
  /** The comment answered; null while the dialog is closed. */
  answering: Comment | null;
  form: FormInstance;
  onSubmit: (values: { answer?: string; notApplicable?: boolean }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("submissions");
  return (
    <Modal
      open={answering !== null}
      title={answering ? t("comments.answerTitle", { label: answering.label }) : ""}
      okText={t("comments.save")}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {answering && <Typography.Paragraph type="secondary">{answering.text}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={onSubmit} data-testid="answer-form">
        <Form.Item name="notApplicable" valuePropName="checked">
          <Checkbox data-testid="answer-na">{t("comments.notApplicable")}</Checkbox>
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {({ getFieldValue }) => (
            <Form.Item
              name="answer"
              label={t("comments.answer")}
              validateTrigger="onBlur"
              rules={[{ required: !getFieldValue("notApplicable"), whitespace: true, message: t("comments.answerRequired") }, { max: submissionLimits.answer }]}
            >
              <Input.TextArea rows={4} data-testid="answer-text" />
            </Form.Item>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
