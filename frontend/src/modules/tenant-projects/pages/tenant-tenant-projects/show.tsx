import { TenantProjectView } from "../../components/TenantProjectView";

/** A tenant project for its tenant (spec /tenants/tenant-projects/{id}). */
export function TenantTenantProjectShow() {
  return <TenantProjectView />;
}
