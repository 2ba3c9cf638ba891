// Icons the login page already loads (other manifests use them): the manifest adds nothing to its scripts.
import { BuildOutlined, ReadOutlined, SolutionOutlined } from "@ant-design/icons";
import type { ClientModule } from "../manifest";
import { lazyNamed } from "../../config/lazy";

const TenancyProjectsTab = lazyNamed(() => import("./components/TenancyProjectsTab"), "TenancyProjectsTab");

/**
 * Tenant fit-out projects (spec tenant projects §2, feature TENANT_PROJECTS): staff see All Tenant
 * Projects (/tenant-projects), each project and the review dashboard (/tenant-projects/dashboard); a tenant sees its tenancy's projects under
 * /tenants/tenant-projects and creates one there.
 */
export const tenantProjects: ClientModule = {
  name: "tenant-projects",
  feature: "TENANT_PROJECTS",
  portals: ["staff", "tenants"],
  subjects: ["tenant-projects"],
  home: { staff: "/tenant-projects", tenants: "/tenants/tenant-projects" },
  resources: [
    {
      name: "tenant-projects",
      list: "/tenant-projects",
      show: "/tenant-projects/:id",
      meta: { labelKey: "tenant-projects.menu", icon: <BuildOutlined />, feature: "TENANT_PROJECTS", portal: "staff" },
    },
    // The reviewers' dashboard (spec §2 "Dashboards: engineerDashboard", issue 29 item 2): the batches the
    // user reads through their projects, so it opens for whoever reads tenant projects. Its page is
    // pages/review-dashboard/list.tsx, loaded when opened.
    {
      name: "tenant-submissions",
      identifier: "review-dashboard",
      list: "/tenant-projects/dashboard",
      meta: {
        labelKey: "tenant-submissions.dashboard.menu",
        icon: <SolutionOutlined />,
        feature: "TENANT_PROJECTS",
        portal: "staff",
        subject: "tenant-projects",
      },
    },
    {
      name: "tenant-projects",
      identifier: "tenant-tenant-projects",
      list: "/tenants/tenant-projects",
      create: "/tenants/tenant-projects/create",
      show: "/tenants/tenant-projects/:id",
      meta: { labelKey: "tenant-projects.menu", icon: <BuildOutlined />, feature: "TENANT_PROJECTS", portal: "tenants" },
    },
    // All green fit-outs of the region by score (issue 30 item 9), for staff who read their points.
    {
      name: "green-fitout-portfolio",
      list: "/tenant-projects/green-fitouts",
      meta: {
        labelKey: "green-fitout.portfolio.menu",
        icon: <ReadOutlined />,
        feature: "GREEN_FIT_OUT",
        portal: "staff",
        subject: "green-fitouts",
        listAction: "readPoints",
      },
    },
  ],
  // The tenancy page's all projects tab, after all contacts (spec tenancies §2 "Tenancy view tabs in order"): removed unless
  // tenant projects are on and the user can access all projects (the tenancy's, not only those listing the user).
  tabs: {
    "tenancies.view": [
      {
        key: "allProjects",
        after: "allContacts",
        labelKey: "tenant-projects:tabs.allProjects",
        feature: "TENANT_PROJECTS",
        subject: "tenant-projects",
        scopedBy: "tenancyId",
        Panel: TenancyProjectsTab,
      },
    ],
  },
  // Settings → Fit-out guidelines: the staff who may read them edit and publish them by type (spec §3, §7 Guidelines).
  settings: [{ name: "guidelines", list: "/settings/guidelines", meta: { labelKey: "guidelines.menu", icon: <ReadOutlined />, feature: "TENANT_PROJECTS" } }],
  pages: import.meta.glob("./pages/*/{list,create,edit,show}.tsx"),
  locales: import.meta.glob("./locales/*/*.json"),
};
