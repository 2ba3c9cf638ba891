import { useMemo } from "react";
import { Menu, type MenuProps } from "antd";
import { DashboardOutlined, FileTextOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { useMenu, type TreeMenuItem } from "@refinedev/core";
import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { canAccessResource } from "../../providers/access-control";
import { translate } from "../../providers/i18n";
import { PORTAL_HOME, PORTAL_PREFIX } from "../../config/portals";
import type { Portal } from "../../types/session";

type Item = Required<MenuProps>["items"][number];

/**
 * The portal's menu: its dashboard, then the declared resources of that portal that the region
 * enables and the rules allow. The check is the accessControlProvider's own function, run
 * synchronously so the menu never flickers while Refine's queries resolve.
 */
export function PortalMenu({ portal, onNavigate }: { portal: Portal; /** A page was chosen (the phone's drawer closes). */ onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { menuItems } = useMenu();
  const { pathname } = useLocation();
  // Re-evaluate when rules, region or its features change.
  const rules = useSession((s) => s.rules);
  const region = useSession((s) => s.region);
  const regions = useSession((s) => s.regions);

  const items = useMemo(() => {
    const toItem = (item: TreeMenuItem): Item | null => {
      if ((item.meta?.portal ?? "staff") !== portal) return null;
      if (!canAccessResource(item, "list")) return null;
      const label = translate(item.meta?.labelKey ?? item.name);
      if (item.children.length) {
        const children = item.children.map(toItem).filter(Boolean) as Item[];
        if (!children.length) return null;
        return { key: item.key ?? item.name, icon: item.meta?.icon ?? <UnorderedListOutlined />, label, children };
      }
      if (!item.route) return null;
      return { key: item.route, icon: item.meta?.icon ?? <UnorderedListOutlined />, label: <Link to={item.route}>{label}</Link> };
    };
    const home: Item = { key: PORTAL_HOME[portal], icon: <DashboardOutlined />, label: <Link to={PORTAL_HOME[portal]}>{t("menu.dashboard")}</Link> };
    const legalLink = (page: string, labelKey: string): Item => ({
      key: `${PORTAL_PREFIX[portal]}/${page}`,
      icon: <FileTextOutlined />,
      label: <Link to={`${PORTAL_PREFIX[portal]}/${page}`}>{t(labelKey)}</Link>,
    });
    const legal: Item[] =
      portal === "staff"
        ? []
        : [legalLink("terms-of-use", "menu.termsOfUse"), ...(portal === "tenants" ? [legalLink("privacy-policy", "menu.privacyPolicy")] : [])];
    return [home, ...(menuItems.map(toItem).filter(Boolean) as Item[]), ...legal];
    // rules, region and regions are read through the access check: list them so the menu follows them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menuItems, portal, rules, region, regions, t]);

  // The longest menu route that prefixes the path is the selected entry (detail pages keep their list lit).
  const selected = useMemo(() => {
    const keys: string[] = [];
    const walk = (list: Item[]) =>
      list.forEach((item) => {
        if (!item) return;
        if ("children" in item && item.children) walk(item.children as Item[]);
        else if (typeof item.key === "string") keys.push(item.key);
      });
    walk(items);
    const match = keys
      .filter((key) => pathname === key || (key !== "/" && (pathname.startsWith(`${key}/`) || pathname.startsWith(`${key}-`))))
      .sort((a, b) => b.length - a.length)[0];
    return match ? [match] : [];
  }, [items, pathname]);

  const openKeys = useMemo(() => items.filter((item) => item && "children" in item && item.children).map((item) => String(item!.key)), [items]);

  return <Menu mode="inline" items={items} selectedKeys={selected} defaultOpenKeys={openKeys} onClick={onNavigate} style={{ borderInlineEnd: "none" }} />;
}
