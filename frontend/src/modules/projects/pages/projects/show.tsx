import { ProjectView } from "../../components/ProjectView";

/** A project for staff (spec /projects/{id}): details, actions and the tabs. */
export function ProjectShow() {
  return <ProjectView staff />;
}
