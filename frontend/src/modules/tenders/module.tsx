import { FileProtectOutlined, SolutionOutlined } from "@ant-design/icons";
import type { ClientModule } from "../manifest";
import { lazyNamed } from "../../config/lazy";
import { addendumRoutes } from "./components/addendumRoutes";
import { tenderReviewRoutes } from "./routes";

// The manifest is read at start (for its catalogues and menu), so its screens and boxes load lazily.
const StaffTenderPanels = lazyNamed(() => import("./dashboard/TenderPanels"), "StaffTenderPanels");
const VendorTenderPanels = lazyNamed(() => import("./dashboard/TenderPanels"), "VendorTenderPanels");
const StaffTenderCharts = lazyNamed(() => import("./dashboard/TenderCharts"), "StaffTenderCharts");
const VendorTenderCharts = lazyNamed(() => import("./dashboard/TenderCharts"), "VendorTenderCharts");
const RepresentativeTenders = lazyNamed(() => import("./components/review/RepresentativeTenders"), "RepresentativeTenders");

/** Tenders (spec §2): staff issue and review tenders; invited vendors bid under /vendors. */
export const tenders: ClientModule = {
  name: "tenders",
  feature: "TENDERS",
  portals: ["staff", "vendors"],
  subjects: ["tenders", "bids"],
  home: { staff: "/tenders", vendors: "/vendors/tenders" },
  resources: [
    // Staff list, edit and view; vendors answer invitations under /vendors.
    {
      name: "tenders",
      list: "/tenders",
      edit: "/tender/edit/:id",
      show: "/tender/:id",
      meta: { labelKey: "tenders.menu", icon: <FileProtectOutlined />, feature: "TENDERS", portal: "staff" },
    },
    {
      name: "bids",
      list: "/vendors/tenders",
      show: "/vendors/tender-bid/:id",
      meta: { labelKey: "bids.menu", icon: <SolutionOutlined />, feature: "TENDERS", portal: "vendors" },
    },
    // A tender as a vendor opens it (quick find's tender hits): its own bid on it. No menu entry.
    {
      name: "tenders",
      identifier: "vendor-tenders",
      show: "/vendors/tender/:id",
      meta: { labelKey: "tenders.menu", feature: "TENDERS", portal: "vendors", hide: true },
    },
  ],
  settings: [
    {
      name: "tender-terms",
      list: "/settings/tender-terms",
      create: "/settings/tender-terms/create",
      meta: { labelKey: "tender-terms.menu", icon: <FileProtectOutlined />, feature: "TENDERS" },
    },
  ],
  pages: import.meta.glob("./pages/*/{list,create,edit,show}.tsx"),
  routes: {
    staff: [...addendumRoutes("staff"), ...tenderReviewRoutes("staff")],
    vendors: [...addendumRoutes("vendors"), ...tenderReviewRoutes("vendors")],
  },
  dashboard: {
    staff: [
      { key: "tenders", Panel: StaffTenderPanels, subject: "tenders" },
      { key: "charts", Panel: StaffTenderCharts, subject: "tenders" },
      { key: "representative", Panel: RepresentativeTenders },
    ],
    vendors: [
      { key: "bids", Panel: VendorTenderPanels, subject: "bids" },
      { key: "charts", Panel: VendorTenderCharts, subject: "bids" },
      { key: "representative", Panel: RepresentativeTenders },
    ],
  },
  locales: import.meta.glob("./locales/*/*.json"),
};
