import { ProjectView } from "../../components/ProjectView";

/** A project for its vendor (spec vendorProjectDetail, /vendors/projects/{id}): read only here. */
export function VendorProjectShow() {
  return <ProjectView staff={false} />;
}
