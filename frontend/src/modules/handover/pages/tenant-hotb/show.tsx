import { HotbView } from "../../components/HotbView";

/** A handover or takeback for its tenant (spec tenantHandover, /tenants/handover-takeback/{id}): read only, live. */
export function TenantHotbShow() {
  return <HotbView staff={false} />;
}
