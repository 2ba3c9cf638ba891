import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { Route } from "react-router";
import { FeatureGuard } from "../../../components/guards/FeatureGuard";

const AddendumEdit = lazy(() => import("../pages/tenders/addendum-edit").then((module) => ({ default: module.AddendumEdit })));
const AddendumShow = lazy(() => import("../pages/tenders/addendum-show").then((module) => ({ default: module.AddendumShow })));
const VendorAddendumRedirect = lazy(() => import("./VendorAddendumRedirect").then((module) => ({ default: module.VendorAddendumRedirect })));

// The portal layout shows a skeleton while a screen's code loads.
const screen = (Page: LazyExoticComponent<ComponentType>) => (
  <FeatureGuard feature="TENDERS">
    <Page />
  </FeatureGuard>
);

/**
 * The addendum screens (spec §2): staff edit and view an addendum; a vendor's addendum link opens
 * its bid. The addendum summary (/summary/:id/addendum, the revision history) is a tab of the
 * tender summary (review/TenderSummary.tsx), which finds AddendumSummary.tsx by name.
 * The server decides who may read and change what; these routes only place the screens.
 */
export function addendumRoutes(portal: "staff" | "vendors") {
  if (portal === "vendors") return [<Route key="vendor-addendum" path="tender/addendum/:id" element={screen(VendorAddendumRedirect)} />];
  return [
    <Route key="addendum-edit" path="/tender/addendum/edit/:id" element={screen(AddendumEdit)} />,
    <Route key="addendum-view" path="/tender/addendum/:id" element={screen(AddendumShow)} />,
  ];
}
