import { Route } from "react-router";
import { useParams } from "react-router";
import { TenderShow } from "./pages/tenders/show";
import { ComparisonScreen } from "./components/review/ComparisonScreen";
import { RepresentativeReview } from "./components/review/RepresentativeReview";
import { summaryTabs, TenderSummary } from "./components/review/TenderSummary";
import { TenderRouteScreen } from "./components/review/TenderRouteScreen";
import type { Portal } from "../../types/session";

/** /tm/tender/:id: the approver's view of a tender waiting for approval (spec §2 tmView). */
function ApproverView() {
  const { id } = useParams();
  return (
    <TenderRouteScreen id={id} route="approverView" portal="staff">
      {() => <TenderShow titleKey="review.titles.approverView" />}
    </TenderRouteScreen>
  );
}

/**
 * The tender screens beyond a resource's list/edit/show (spec §2): the summary with its tabs,
 * the bid comparison and the approver view for staff; the representative's review, comparison
 * and summary under /vendors. Each screen checks the route against the tender's status itself.
 */
export function tenderReviewRoutes(portal: Portal) {
  const prefix = portal === "staff" ? "" : `/${portal}`;
  const summary = (
    <Route key="summary" path={`${prefix}/summary/:id`} element={<TenderSummary portal={portal} />}>
      {summaryTabs.map((tab) => (
        <Route key={tab.key} path={tab.key} element={null} />
      ))}
      <Route path="*" element={null} />
    </Route>
  );
  const comparison = <Route key="comparison" path={`${prefix}/comparison/:id`} element={<ComparisonScreen portal={portal} />} />;
  if (portal === "staff") return [summary, comparison, <Route key="tm" path="/tm/tender/:id" element={<ApproverView />} />];
  if (portal === "vendors") return [summary, comparison, <Route key="review" path="/vendors/tender/review/:id" element={<RepresentativeReview />} />];
  return [];
}
