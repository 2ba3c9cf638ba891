import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../providers/session";
import { regionLabel, regionLeftOn } from "../../providers/regions";
import { notifyWarning } from "../../providers/notifications";
import { PORTAL_HOME, portalOf, portalOfPath } from "../../config/portals";

/** The new region's dashboard, with a word on why the page the user was on is gone. */
function SwitchedAway({ feature, region, home }: { feature: string; region: string; home: string }) {
  const { t } = useTranslation();
  const regions = useSession((s) => s.regions);
  useEffect(() => {
    const name = regionLabel(regions.find((candidate) => candidate.code === region) ?? { code: region, name: region });
    notifyWarning(t("featureOff.title", { feature: t(`features.${feature}`), region: name }), t("featureOff.description"));
  }, [feature, region, regions, t]);
  return <Navigate to={home} replace />;
}

/**
 * A feature switched off in the region is off in the routes too: its pages answer with the
 * not-found page, as if they did not exist (spec section 2). A page the user was on when switching
 * to a region without its feature leads to that region's dashboard with a short notice instead.
 */
export function FeatureGuard({ feature, children }: { feature?: string; children: ReactNode }) {
  const regions = useSession((s) => s.regions);
  const region = useSession((s) => s.region);
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  if (!feature) return <>{children}</>;
  // Before the region list has ever loaded we cannot tell; the API still answers 404 for off features.
  if (!regions.length) return <>{children}</>;
  const enabledIn = (code: string | null) => regions.find((r) => r.code === code)?.features?.includes(feature) ?? false;
  if (enabledIn(region)) return <>{children}</>;
  const left = regionLeftOn(pathname);
  if (region && left && left !== region && enabledIn(left)) {
    return <SwitchedAway feature={feature} region={region} home={PORTAL_HOME[portalOfPath(pathname) ?? portalOf(user)]} />;
  }
  return <Navigate to="/404" replace />;
}
