import { MailOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { RequestLinkCard } from "../../components/auth/RequestLinkCard";

/** Asks for a reset link by e-mail; the mail points to /pub/resetpwd?token=... */
export function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  return (
    <RequestLinkCard
      texts="forgot"
      service="password-resets"
      errorOperation="passwordReset"
      field={{
        name: "email",
        label: t("forgot.email"),
        rules: [
          { required: true, message: t("forgot.emailRequired") },
          { type: "email", message: t("forgot.emailInvalid") },
        ],
        icon: <MailOutlined />,
        autoComplete: "email",
      }}
    />
  );
}
