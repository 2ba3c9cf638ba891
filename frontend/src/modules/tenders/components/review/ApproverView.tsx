import { useParams } from "react-router";
import { TenderShow } from "../../pages/tenders/show";
import { TenderRouteScreen } from "./TenderRouteScreen";

/** /tm/tender/:id: the approver's view of a tender waiting for approval (spec §2 tmView). */
export function ApproverView() {
  const { id } = useParams();
  return (
    <TenderRouteScreen id={id} route="approverView" portal="staff">
      {() => <TenderShow titleKey="review.titles.approverView" />}
    </TenderRouteScreen>
  );
}
