import { Route } from "react-router";
import { lazyNamed } from "../../config/lazy";
import type { Portal } from "../../types/session";

const ApproverView = lazyNamed(() => import("./components/review/ApproverView"), "ApproverView");
const ComparisonScreen = lazyNamed(() => import("./components/review/ComparisonScreen"), "ComparisonScreen");
const RepresentativeReview = lazyNamed(() => import("./components/review/RepresentativeReview"), "RepresentativeReview");
const TenderSummary = lazyNamed(() => import("./components/review/TenderSummary"), "TenderSummary");

// Each screen is a chunk of its own; the portal layout shows a skeleton while it loads.

/**
 * The tender screens beyond a resource's list/edit/show (spec §2): the summary with its tabs,
 * the bid comparison and the approver view for staff; the representative's review, comparison
 * and summary under /vendors. Each screen checks the route against the tender's status itself.
 */
export function tenderReviewRoutes(portal: Portal) {
  const prefix = portal === "staff" ? "" : `/${portal}`;
  const summary = (
    // The summary reads its tab (health-check, analysis-recos...) from the path itself.
    <Route key="summary" path={`${prefix}/summary/:id`} element={<TenderSummary portal={portal} />}>
      <Route path="*" element={null} />
    </Route>
  );
  const comparison = <Route key="comparison" path={`${prefix}/comparison/:id`} element={<ComparisonScreen portal={portal} />} />;
  if (portal === "staff") return [summary, comparison, <Route key="tm" path="/tm/tender/:id" element={<ApproverView />} />];
  if (portal === "vendors") return [summary, comparison, <Route key="review" path="/vendors/tender/review/:id" element={<RepresentativeReview />} />];
  return [];
}
