import type { ReactNode } from "react";
import { Layout, Space, theme } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "../layout/LanguageSwitcher";

/**
 * Centred card used by every public (/pub) page, with the language switcher above it. Drawn
 * with antd's tokens rather than its Card and Typography, which would bring tabs, menus,
 * tooltips and text areas into the login page's first load.
 */
export function AuthCard({ title, children, width = 420 }: { title: ReactNode; children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <Layout style={{ minHeight: "100vh", background: token.colorBgLayout }}>
      <div style={{ display: "flex", justifyContent: "flex-end", padding: "12px 24px" }}>
        <LanguageSwitcher />
      </div>
      <div style={{ flex: 1, display: "flex", alignItems: "flex-start", justifyContent: "center", paddingTop: "8vh" }}>
        <Space direction="vertical" size="large" style={{ width, maxWidth: "92vw" }}>
          <Space style={{ justifyContent: "center", width: "100%" }}>
            <HomeOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
            <h3
              style={{
                margin: 0,
                color: token.colorTextHeading,
                fontSize: token.fontSizeHeading3,
                lineHeight: token.lineHeightHeading3,
                fontWeight: token.fontWeightStrong,
              }}
            >
              {t("app.title")}
            </h3>
          </Space>
          <section style={{ background: token.colorBgContainer, border, borderRadius: token.borderRadiusLG }}>
            <div
              style={{
                display: "flex",
                alignItems: "center",
                minHeight: 56,
                padding: "0 24px",
                borderBottom: border,
                color: token.colorTextHeading,
                fontWeight: token.fontWeightStrong,
                fontSize: token.fontSizeLG,
              }}
            >
              {title}
            </div>
            <div style={{ padding: 24 }}>{children}</div>
          </section>
        </Space>
      </div>
    </Layout>
  );
}
