import { Result } from "antd";
import { useTranslation } from "react-i18next";

/** Stands in for a resource screen that has a route and menu entry but no page file yet. */
export function PendingScreen({ title }: { title?: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={title ?? t("pending.title")} subTitle={t("pending.message")} />;
}
