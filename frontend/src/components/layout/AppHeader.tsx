import { Button, Layout, Space, theme } from "antd";
import { MenuOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { RegionSwitcher } from "./RegionSwitcher";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { UserMenu } from "./UserMenu";
import { GlobalSearch } from "./GlobalSearch";
import type { Portal } from "../../types/session";

/**
 * The same header in every portal: search, region, language, user. On a phone (`compact`) it also opens the
 * menu drawer, the switches shrink to their values and the user shows as an avatar, so everything
 * stays on one line at 390 px.
 */
export function AppHeader({ portal, compact = false, onOpenMenu }: { portal: Portal; compact?: boolean; onOpenMenu?: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: "flex",
        justifyContent: "space-between",
        alignItems: "center",
        gap: 8,
        padding: compact ? "0 8px" : "0 24px",
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      {onOpenMenu ? <Button type="text" icon={<MenuOutlined />} aria-label={t("header.menu")} onClick={onOpenMenu} data-testid="open-menu" /> : <span />}
      <Space size={compact ? 4 : "middle"} style={{ minWidth: 0, whiteSpace: "nowrap" }}>
        <GlobalSearch portal={portal} compact={compact} />
        <RegionSwitcher compact={compact} />
        <LanguageSwitcher compact={compact} />
        <UserMenu portal={portal} compact={compact} />
      </Space>
    </Layout.Header>
  );
}
