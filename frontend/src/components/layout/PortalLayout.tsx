import { Suspense, useState } from "react";
import { Layout, Skeleton, theme } from "antd";
import { Outlet } from "react-router";
import { AppHeader } from "./AppHeader";
import { Brand } from "./Brand";
import { PortalMenu } from "./PortalMenu";
import { PORTAL_HOME } from "../../config/portals";
import type { Portal } from "../../types/session";

/** Frame of a signed-in portal: collapsible menu on the left, header, then the page. */
export function PortalLayout({ portal }: { portal: Portal }) {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider
        theme="light"
        width={232}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        // Sticky so the menu stays in view on long pages.
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, position: "sticky", top: 0, height: "100vh", overflow: "auto" }}
      >
        <Brand collapsed={collapsed} to={PORTAL_HOME[portal]} />
        <PortalMenu portal={portal} />
      </Layout.Sider>
      <Layout>
        <AppHeader portal={portal} />
        <Layout.Content style={{ padding: 24 }}>
          {/* The menu and header stay while a page's code loads. */}
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
