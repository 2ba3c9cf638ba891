import { TenantProjectView } from "../../components/TenantProjectView";

/** A tenant project for staff (spec /tenant-projects/{id}). */
export function TenantProjectShow() {
  return <TenantProjectView />;
}
