import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { confirmPasswordRules, newPasswordRules } from "./password-rules";

/** New password + repeat, validated on blur; used by reset, expired-password and profile forms. */
export function PasswordFields({ field = "newPassword" }: { field?: string }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <Form.Item name={field} label={t("password.new")} rules={newPasswordRules(t)} validateTrigger="onBlur" extra={t("password.hint")} hasFeedback>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name={`${field}Repeat`}
        label={t("password.confirm")}
        dependencies={[field]}
        rules={confirmPasswordRules(t, field)}
        validateTrigger="onBlur"
        hasFeedback
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
