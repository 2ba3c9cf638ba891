import type { ReactNode } from "react";
import { useOne } from "@refinedev/core";
import { Spin } from "antd";
import { Navigate } from "react-router";
import { FeatureGuard } from "../../guards/FeatureGuard";
import { tenderRouteAllowed, tenderScreenStatus, type TenderRoute, type TenderState } from "../rules";
import { useSession } from "../../../providers/session";
import type { Portal } from "../../../types/session";

export type Tender = Record<string, any>;

export const portalHome = (portal: Portal) => (portal === "staff" ? "/" : `/${portal}/dashboard`);

/**
 * Whether this tender screen may open (spec §2 "route validity"): the shared `tenderRouteAllowed`
 * for the tender's screen status; a vendor (external) only as the tender's representative, and
 * a representative only while the tender is in REVIEW.
 */
export function routeOpen(route: TenderRoute, tender: Tender, portal: Portal, userId?: unknown): boolean {
  const status = tenderScreenStatus({ status: tender.status as TenderState, addendumStatus: tender.addendumStatus ?? null });
  const external = portal !== "staff";
  if (!tenderRouteAllowed(route, status, Number(tender.version ?? 0), { external })) return false;
  if (external) return tender.isRepresentative === true && tender.status === "REVIEW";
  // A staff representative who is not the person in charge reviews in REVIEW only, like any other.
  if (tender.isRepresentative === true && String(tender.managedBy) !== String(userId)) return tender.status === "REVIEW";
  return true;
}

/**
 * Loads the tender of the address (live: other users' changes refresh it) and opens the screen
 * only on a route valid for it; an invalid route or a tender the user cannot read sends the user
 * home (spec §8 "An invalid tender route sends the user home").
 */
export function TenderRouteScreen({ id, route, portal, children }: {
  id: string | undefined;
  route: TenderRoute;
  portal: Portal;
  children: (tender: Tender, refetch: () => void) => ReactNode;
}) {
  const { query } = useOne<Tender>({ resource: "tenders", id, meta: { query: { withAccounts: true } }, queryOptions: { enabled: Boolean(id), retry: false }, errorNotification: false });
  const tender = query.data?.data;
  const userId = useSession((s) => s.user?.id);
  let content: ReactNode;
  if (!id || query.isError) content = <Navigate to={portalHome(portal)} replace />;
  else if (!tender) content = <Spin style={{ display: "block", margin: 48 }} />;
  else if (!routeOpen(route, tender, portal, userId)) content = <Navigate to={portalHome(portal)} replace />;
  else content = children(tender, () => void query.refetch());
  return <FeatureGuard feature="TENDERS">{content}</FeatureGuard>;
}
