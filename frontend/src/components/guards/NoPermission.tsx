import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useGoBack } from "../useGoBack";

/** Shown in place of a page the user's rules do not allow (spec: no-permission fallback). */
export function NoPermission() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <Result status="403" title={t("noPermission.title")} subTitle={t("noPermission.message")} extra={<Button onClick={goBack}>{t("actions.back")}</Button>} />
  );
}
