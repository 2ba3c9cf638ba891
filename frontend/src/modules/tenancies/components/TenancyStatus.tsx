import { Tag } from "antd";
import { useTranslation } from "react-i18next";

export function TenancyStatus({ status }: { status: string }) {
  const { t } = useTranslation("tenancies");
  return (
    <Tag color={status === "ACTIVE" ? "green" : "default"} data-testid="tenancy-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
