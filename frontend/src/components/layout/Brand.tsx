import { Typography } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** Product name and logo mark; links to the portal's home. */
export function Brand({ collapsed, to }: { collapsed?: boolean; to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} style={{ display: "flex", alignItems: "center", gap: 8, height: 64, padding: collapsed ? "0 28px" : "0 20px" }}>
      <HomeOutlined style={{ fontSize: 22 }} />
      {!collapsed && (
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: "nowrap" }}>
          {t("app.title")}
        </Typography.Text>
      )}
    </Link>
  );
}
