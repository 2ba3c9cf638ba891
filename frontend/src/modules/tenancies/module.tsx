import { AlertOutlined, NotificationOutlined, ShopOutlined, TeamOutlined } from "@ant-design/icons";
import type { ClientModule } from "../manifest";
import { lazyNamed } from "../../config/lazy";

const TenantTaskPanels = lazyNamed(() => import("./dashboard/TenantTasks"), "TenantTaskPanels");

/**
 * Tenancy records (spec tenancies §2): staff list, create, edit and view tenancies with premises,
 * opening hours and leases; a tenant reads its own tenancy records under /tenants (no leases).
 */
export const tenancies: ClientModule = {
  name: "tenancies",
  feature: "TENANCY_RECORDS",
  portals: ["staff", "tenants"],
  subjects: ["tenancies"],
  home: { staff: "/allTenancyRecs", tenants: "/tenants/allTenancyRecs" },
  resources: [
    {
      name: "tenancies",
      list: "/allTenancyRecs",
      create: "/tenancies/create",
      edit: "/tenancies/edit/:id",
      show: "/tenancies/view/:id",
      meta: { labelKey: "tenancies.menu", icon: <ShopOutlined />, feature: "TENANCY_RECORDS", portal: "staff" },
    },
    {
      name: "tenancies",
      identifier: "tenant-tenancies",
      list: "/tenants/allTenancyRecs",
      show: "/tenants/tenancies/:id",
      meta: { labelKey: "tenancies.menu", icon: <ShopOutlined />, feature: "TENANCY_RECORDS", portal: "tenants" },
    },
    {
      // The tenant's user management: its master account and sub-admins manage the tenancy's accounts.
      name: "tenancy-accounts",
      list: "/tenants/users",
      meta: { labelKey: "tenancy-accounts.menu", icon: <TeamOutlined />, feature: "TENANCY_RECORDS", portal: "tenants" },
    },
    // One lease, opened from a tenancy's lease information tab (no menu entry of its own).
    {
      name: "leases",
      show: "/leases/view/:id",
      meta: { labelKey: "tenancies.leases.menu", feature: "TENANCY_RECORDS", portal: "staff", hide: true },
    },
    // The spec's /export-emergency and /export-marketing screens: in the menu of staff holding that export right.
    {
      name: "tenancy-contacts",
      identifier: "export-emergency",
      list: "/export-emergency",
      meta: {
        labelKey: "tenancies.contacts.export.menuEmergency",
        icon: <AlertOutlined />,
        feature: "TENANCY_RECORDS",
        portal: "staff",
        listAction: "exportEmergency",
      },
    },
    {
      name: "tenancy-contacts",
      identifier: "export-marketing",
      list: "/export-marketing",
      meta: {
        labelKey: "tenancies.contacts.export.menuMarketing",
        icon: <NotificationOutlined />,
        feature: "TENANCY_RECORDS",
        portal: "staff",
        listAction: "exportMarketing",
      },
    },
  ],
  // The tenant's to-do list; its parts follow the account's rights (GET tenant-tasks), so no subject here.
  dashboard: { tenants: [{ key: "tasks", Panel: TenantTaskPanels }] },
  pages: import.meta.glob("./pages/*/{list,create,edit,show}.tsx"),
  locales: import.meta.glob("./locales/*/*.json"),
};
