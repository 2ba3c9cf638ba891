import type { ResourceProps } from "@refinedev/core";
import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  GlobalOutlined,
  MailOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { Portal } from "../types/session";
import { fromClientModules } from "../providers/modules";

/**
 * Our additions to Refine's resource meta:
 * - `labelKey`: i18n key of the menu label (translated when the menu renders, so it follows the language)
 * - `portal`: the portal whose menu and routes carry the resource (default staff)
 * - `feature`: region feature switch the resource needs (menu hidden, routes → /404 when off)
 * - `subject`: CASL subject when it is not the resource name (pages that read another service)
 * - `permanentFilter`: filter every list of this entry must keep (vendor / tenant users)
 * - `group`: a menu parent with no page of its own
 * - `listAction`: the right its list entry (menu and route) asks instead of read (an export page: its export right)
 */
export interface AppResourceMeta {
  labelKey: string;
  portal?: Portal;
  feature?: string;
  subject?: string;
  permanentFilter?: { field: string; operator: "eq" | "in"; value: unknown }[];
  group?: boolean;
  parent?: string;
  icon?: React.ReactNode;
  hide?: boolean;
  listAction?: string;
}

export type AppResource = ResourceProps & { meta: AppResourceMeta };

export const SETTINGS_GROUP = "settings-group";

/** list / create / edit / show under one base path (`/settings/sites`, `/settings/sites/create`, ...). */
const crud = (base: string, show = `${base}/:id`) => ({ list: base, create: `${base}/create`, edit: `${base}/edit/:id`, show });

/** The users service tells the three kinds of account apart by user type (spec section 6). */
export const USER_TYPES = {
  staff: [501, 521, 561],
  vendors: [401, 421, 441, 461],
  tenants: [601, 621, 641, 661, 662],
} as const;
const usersOf = (portal: Portal) => [{ field: "userType", operator: "in" as const, value: [...USER_TYPES[portal]] }];

const settings = (resource: Omit<AppResource, "meta"> & { meta: Omit<AppResourceMeta, "parent" | "portal"> }): AppResource => ({
  ...resource,
  meta: { ...resource.meta, parent: SETTINGS_GROUP, portal: "staff" },
});

/** Every resource, declared once (the installed modules' among them). Name = Feathers path = i18n namespace; identifier tells twins apart. */
export const resources: () => AppResource[] = fromClientModules((modules) => [
  { name: SETTINGS_GROUP, meta: { labelKey: "menu.settings", icon: <SettingOutlined />, group: true, portal: "staff" } },
  settings({
    name: "regions",
    list: "/settings/region-config",
    edit: "/settings/region-config/edit/:id",
    show: "/settings/region-config/:id",
    meta: { labelKey: "regions.menu", icon: <GlobalOutlined /> },
  }),
  settings({
    name: "buildings",
    ...crud("/settings/building-list", "/settings/building-list-detail/:id"),
    meta: { labelKey: "buildings.menu", icon: <BankOutlined /> },
  }),
  settings({ name: "sites", ...crud("/settings/sites"), meta: { labelKey: "sites.menu", icon: <EnvironmentOutlined /> } }),
  settings({ name: "locations", ...crud("/settings/location-list"), meta: { labelKey: "locations.menu", icon: <EnvironmentOutlined /> } }),
  settings({ name: "departments", ...crud("/settings/departments"), meta: { labelKey: "departments.menu", icon: <ApartmentOutlined /> } }),
  // The days the working-day clocks skip (tender closing dates, fit-out review steps): one screen, added and removed in place.
  settings({ name: "public-holidays", list: "/settings/public-holidays", meta: { labelKey: "public-holidays.menu", icon: <CalendarOutlined /> } }),
  settings({
    name: "users",
    ...crud("/settings/users"),
    meta: { labelKey: "users.menu.staff", icon: <UserOutlined />, permanentFilter: usersOf("staff") },
  }),
  settings({
    name: "users",
    identifier: "vendor-users",
    ...crud("/settings/users/vendors"),
    meta: { labelKey: "users.menu.vendors", icon: <ShopOutlined />, permanentFilter: usersOf("vendors") },
  }),
  settings({
    name: "users",
    identifier: "tenant-users",
    ...crud("/settings/users/tenants"),
    meta: { labelKey: "users.menu.tenants", icon: <TeamOutlined />, permanentFilter: usersOf("tenants") },
  }),
  // Each module's settings screens sit here, after the accounts.
  ...modules.flatMap((module) => module.settings ?? []).map(settings),
  settings({ name: "security-groups", ...crud("/settings/security-group"), meta: { labelKey: "security-groups.menu", icon: <SafetyOutlined /> } }),
  settings({
    name: "settings",
    list: "/settings/system-settings",
    edit: "/settings/system-settings/edit/:id",
    meta: { labelKey: "settings.menu", icon: <ToolOutlined /> },
  }),
  settings({
    name: "mail-templates",
    list: "/settings/mail-templates",
    edit: "/settings/mail-templates/edit/:id",
    // The templates are settings: only who may update settings edits them (the server answers 403 to others).
    meta: { labelKey: "mail-templates.menu", icon: <MailOutlined />, subject: "settings", listAction: "update" },
  }),
  settings({ name: "audit-log", list: "/settings/audit-log", show: "/settings/audit-log/:id", meta: { labelKey: "audit-log.menu", icon: <AuditOutlined /> } }),
  settings({
    name: "audit-report",
    list: "/settings/audit-report",
    meta: { labelKey: "audit-log.reportMenu", icon: <FileSearchOutlined />, subject: "audit-log" },
  }),
  settings({
    name: "mail-messages",
    list: "/settings/mail-messages",
    show: "/settings/mail-messages/:id",
    meta: { labelKey: "mail-messages.menu", icon: <MailOutlined /> },
  }),
  // Module screens (tenders, ...) after Settings, each in its portal's menu.
  ...modules.flatMap((module) => module.resources),
  // A vendor's settings (spec §1 vendor routes /vendors/settings): its company profile, contacts and sub-accounts.
  {
    name: "companies",
    identifier: "vendor-settings",
    list: "/vendors/settings",
    meta: { labelKey: "vendor-settings.menu", icon: <SettingOutlined />, portal: "vendors", subject: "companies" },
  },
  // Services used by screens but with no menu entry or page of their own.
  { name: "files", meta: { labelKey: "files.title", hide: true } },
  { name: "companies", meta: { labelKey: "companies.title", hide: true } },
  { name: "edit-locks", meta: { labelKey: "edit-locks.title", hide: true } },
]);

export const resourcePortal = (resource: { meta?: { portal?: Portal } }): Portal => resource.meta?.portal ?? "staff";
