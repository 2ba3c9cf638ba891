import type { ReactNode } from "react";
import { Card, Layout, Space, Typography, theme } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../layout/LanguageSwitcher";

/** Centred card used by every public (/pub) page, with the language switcher above it. */
export function AuthCard({ title, children, width = 420 }: { title: ReactNode; children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: "100vh", background: token.colorBgLayout }}>
      <div style={{ display: "flex", justifyContent: "flex-end", padding: "12px 24px" }}>
        <LanguageSwitcher />
      </div>
      <div style={{ flex: 1, display: "flex", alignItems: "flex-start", justifyContent: "center", paddingTop: "8vh" }}>
        <Space direction="vertical" size="large" style={{ width, maxWidth: "92vw" }}>
          <Space style={{ justifyContent: "center", width: "100%" }}>
            <HomeOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t("app.title")}
            </Typography.Title>
          </Space>
          <Card title={title}>{children}</Card>
        </Space>
      </div>
    </Layout>
  );
}
