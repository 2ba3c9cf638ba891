import { Layout, Space, theme } from "antd";
import { RegionSwitcher } from "./RegionSwitcher";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { UserMenu } from "./UserMenu";
import { GlobalSearch } from "./GlobalSearch";
import type { Portal } from "../../types/session";

/** The same header in every portal: search, region, language, user. */
export function AppHeader({ portal }: { portal: Portal }) {
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: "flex",
        justifyContent: "flex-end",
        alignItems: "center",
        padding: "0 24px",
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      <Space size="middle">
        <GlobalSearch portal={portal} />
        <RegionSwitcher />
        <LanguageSwitcher />
        <UserMenu portal={portal} />
      </Space>
    </Layout.Header>
  );
}
