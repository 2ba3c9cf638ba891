import { Suspense, useState } from "react";
import { Drawer, Grid, Layout, Skeleton, theme } from "antd";
import { Outlet } from "react-router";
import { AppHeader } from "./AppHeader";
import { Brand } from "./Brand";
import { PortalMenu } from "./PortalMenu";
import { PORTAL_HOME } from "../../config/portals";
import type { Portal } from "../../types/session";
import "./layout.css";

/**
 * Frame of a signed-in portal: collapsible menu on the left, header, then the page. Below the md
 * breakpoint (a phone: vendors and contractors on site) the menu is a drawer opened from the header,
 * so the page has the whole width.
 */
export function PortalLayout({ portal }: { portal: Portal }) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Until the first measure `md` is undefined: the desktop frame, as before.
  const phone = screens.md === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      {!phone && (
        <Layout.Sider
          theme="light"
          width={232}
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          breakpoint="lg"
          className="portal-sider"
          // Sticky so the menu stays in view on long pages; a long menu scrolls inside (layout.css).
          style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, position: "sticky", top: 0, height: "100vh" }}
        >
          <Brand collapsed={collapsed} to={PORTAL_HOME[portal]} />
          <PortalMenu portal={portal} />
        </Layout.Sider>
      )}
      {phone && (
        <Drawer
          placement="left"
          width={280}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={<Brand to={PORTAL_HOME[portal]} />}
          styles={{ body: { padding: 0 }, header: { padding: "0 8px" } }}
          rootClassName="portal-menu-drawer"
        >
          <PortalMenu portal={portal} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <AppHeader portal={portal} compact={phone} onOpenMenu={phone ? () => setDrawerOpen(true) : undefined} />
        <Layout.Content className="portal-content" style={{ padding: phone ? 12 : 24, minWidth: 0 }}>
          {/* The menu and header stay while a page's code loads. */}
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
