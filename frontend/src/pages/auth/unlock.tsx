import { UserOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { RequestLinkCard } from "../../components/auth/RequestLinkCard";

/** A locked account asks for an unlock link by mail (/pub/confirm-unlock?token=...). */
export function UnlockPage() {
  const { t } = useTranslation("auth");
  return (
    <RequestLinkCard
      texts="unlock"
      service="unlock-requests"
      errorOperation="unlock"
      field={{
        name: "username",
        label: t("login.username"),
        rules: [{ required: true, whitespace: true, message: t("login.usernameRequired") }],
        icon: <UserOutlined />,
        autoComplete: "username",
      }}
    />
  );
}
