// Icons the login page already loads (the platform's resources use them): the manifest adds nothing to its scripts.
import { AuditOutlined, BankOutlined } from "@ant-design/icons";
import type { ClientModule } from "../manifest";
import { lazyNamed } from "../../config/lazy";

const TenancyHotbTab = lazyNamed(() => import("./components/TenancyHotbTab"), "TenancyHotbTab");

/**
 * Handover and takeback of premises (issue 31, spec hotb; feature TENANT_PROJECTS): staff see all
 * records (/hotb), create one from a tenancy and move it through its workflow on its page
 * (/handover-takeback/:id); tenants see their tenancy's scheduled, unsigned and completed records
 * under /tenants/handover-takeback; the buildings' templates are under Settings.
 */
export const handover: ClientModule = {
  name: "handover",
  feature: "TENANT_PROJECTS",
  portals: ["staff", "tenants"],
  subjects: ["hotb"],
  home: { staff: "/hotb", tenants: "/tenants/handover-takeback" },
  resources: [
    {
      name: "hotb",
      list: "/hotb",
      create: "/hotb/create",
      show: "/handover-takeback/:id",
      meta: { labelKey: "hotb.menu", icon: <AuditOutlined />, feature: "TENANT_PROJECTS", portal: "staff" },
    },
    {
      name: "hotb",
      identifier: "tenant-hotb",
      list: "/tenants/handover-takeback",
      show: "/tenants/handover-takeback/:id",
      meta: { labelKey: "hotb.tenantMenu", icon: <AuditOutlined />, feature: "TENANT_PROJECTS", portal: "tenants" },
    },
  ],
  // The tenancy page's handovers and takebacks tab, after its projects (at the end when those are not shown): shown when
  // the region has the feature on and the user reads the tenancy's records, not merely some record of `hotb`.
  tabs: {
    "tenancies.view": [
      {
        key: "handoverTakeback",
        after: "allProjects",
        labelKey: "hotb:tabs.tenancyHotb",
        feature: "TENANT_PROJECTS",
        // Shown to whoever reads any handover (staff, and tenants with HandoverTakeback): the list holds the records they may read,
        // which for a tenant is this tenancy's scheduled, unsigned and completed ones (the server's narrowing).
        subject: "hotb",
        Panel: TenancyHotbTab,
      },
    ],
  },
  // Settings → Handover templates: read and edited with the buildings' rights.
  settings: [
    {
      name: "building-handover-templates",
      list: "/settings/building-handover-templates",
      meta: { labelKey: "building-handover-templates.menu", icon: <BankOutlined />, feature: "TENANT_PROJECTS", subject: "buildings" },
    },
  ],
  pages: import.meta.glob("./pages/*/{list,create,edit,show}.tsx"),
  // Issue 31 §7: the signing link a staff member opens for a party, and the sealed original's check; no account.
  publicPages: [
    { path: "/sign/hotb/:token", load: () => import("./pages/public/sign").then((page) => page.SignHotbPage) },
    { path: "/verify/hotb", load: () => import("./pages/public/verify").then((page) => page.VerifyHotbPage) },
  ],
  locales: import.meta.glob("./locales/*/*.json"),
};
