import { CalendarOutlined, ProjectOutlined, StarOutlined } from "@ant-design/icons";
import { Route } from "react-router";
import type { ClientModule } from "../manifest";
import { lazyNamed } from "../../config/lazy";

// The manifest is read at start (for its catalogues and menu), so its boxes load lazily.
const StaffProjectPanel = lazyNamed(() => import("./dashboard/ProjectPanel"), "StaffProjectPanel");
const VendorProjectPanel = lazyNamed(() => import("./dashboard/ProjectPanel"), "VendorProjectPanel");
// Vendor performance (issue 12 item 9, feature VENDOR_PERFORMANCE): its screens beside the resource's list.
const RatingTasksPanel = lazyNamed(() => import("./dashboard/RatingTasksPanel"), "RatingTasksPanel");
const RatingForm = lazyNamed(() => import("./performance/RatingForm"), "RatingForm");
const RatingHistory = lazyNamed(() => import("./performance/RatingHistory"), "RatingHistory");
// The tender issue dialog's field: its code (and Refine's data hooks) must not join the login page's.
const VendorStandingsField = lazyNamed(() => import("./performance/VendorStandings"), "VendorStandingsField");

/**
 * Non-tenant projects (spec §2, feature HONGKONG_LAND_PROJECTS): staff raise projects from the
 * purchase orders and contracts of awarded tenders and run them; vendors follow theirs under /vendors.
 */
export const projects: ClientModule = {
  name: "projects",
  feature: "HONGKONG_LAND_PROJECTS",
  portals: ["staff", "vendors"],
  subjects: ["projects"],
  home: { staff: "/projects", vendors: "/vendors/projects" },
  resources: [
    {
      name: "projects",
      list: "/projects",
      create: "/projects/create",
      show: "/projects/:id",
      meta: { labelKey: "projects.menu", icon: <ProjectOutlined />, feature: "HONGKONG_LAND_PROJECTS", portal: "staff" },
    },
    {
      name: "projects",
      identifier: "vendor-projects",
      list: "/vendors/projects",
      show: "/vendors/projects/:id",
      meta: { labelKey: "projects.menu", icon: <ProjectOutlined />, feature: "HONGKONG_LAND_PROJECTS", portal: "vendors" },
    },
    // Retention falling due (issue 12 item 7): read by whoever reads projects.
    {
      name: "project-retention-calendar",
      list: "/projects/retention-calendar",
      meta: {
        labelKey: "project-retention-calendar.menu",
        icon: <CalendarOutlined />,
        feature: "HONGKONG_LAND_PROJECTS",
        portal: "staff",
        subject: "projects",
      },
    },
    {
      name: "project-retention-calendar",
      identifier: "vendor-project-retention-calendar",
      list: "/vendors/projects/retention-calendar",
      meta: {
        labelKey: "project-retention-calendar.menu",
        icon: <CalendarOutlined />,
        feature: "HONGKONG_LAND_PROJECTS",
        portal: "vendors",
        subject: "projects",
      },
    },
    {
      name: "vendor-performance",
      list: "/performance",
      meta: { labelKey: "vendor-ratings.menu", icon: <StarOutlined />, feature: "VENDOR_PERFORMANCE", portal: "staff", subject: "vendor-ratings" },
    },
  ],
  pages: import.meta.glob("./pages/*/{list,create,edit,show}.tsx"),
  routes: {
    staff: [
      <Route key="vendor-rating-form" path="/performance/rate" element={<RatingForm />} />,
      <Route key="vendor-rating-history" path="/companies/performanceRatingHistory/:filter" element={<RatingHistory />} />,
    ],
  },
  // The vendors' standing in the tender's issue dialog (issue 12 item 9), with the override reason it may ask for.
  slots: { "tenders.issue": VendorStandingsField },
  dashboard: {
    staff: [
      { key: "projects", Panel: StaffProjectPanel, subject: "projects" },
      { key: "rating-tasks", Panel: RatingTasksPanel, subject: "vendor-ratings" },
    ],
    vendors: [{ key: "projects", Panel: VendorProjectPanel, subject: "projects" }],
  },
  locales: import.meta.glob("./locales/*/*.json"),
};
