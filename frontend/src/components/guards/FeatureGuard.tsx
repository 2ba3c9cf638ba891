import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useSession } from "../../providers/session";

/**
 * A feature switched off in the region is off in the routes too: its pages answer with the
 * not-found page, as if they did not exist (spec section 2).
 */
export function FeatureGuard({ feature, children }: { feature?: string; children: ReactNode }) {
  const regions = useSession((s) => s.regions);
  const region = useSession((s) => s.region);
  if (!feature) return <>{children}</>;
  // Before the region list has ever loaded we cannot tell; the API still answers 404 for off features.
  if (!regions.length) return <>{children}</>;
  const enabled = regions.find((r) => r.code === region)?.features?.includes(feature) ?? false;
  return enabled ? <>{children}</> : <Navigate to="/404" replace />;
}
