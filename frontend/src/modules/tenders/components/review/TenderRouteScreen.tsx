import type { ReactNode } from "react";
import { useOne } from "@refinedev/core";
import { Spin } from "antd";
import { Navigate } from "react-router";
import { FeatureGuard } from "../../../../components/guards/FeatureGuard";
import type { TenderRoute } from "../rules";
import { tenderRouteOpen, type RoutedTender } from "../paths";
import { useSession } from "../../../../providers/session";
import type { Portal } from "../../../../types/session";

export type Tender = Record<string, any>;

export const portalHome = (portal: Portal) => (portal === "staff" ? "/" : `/${portal}/dashboard`);

/** Whether this tender screen may open for the signed-in user (shared `tenderRouteOpen`). */
export const routeOpen = (route: TenderRoute, tender: Tender, portal: Portal, userId?: unknown): boolean =>
  tenderRouteOpen(route, tender as RoutedTender, { userId: userId as number | undefined, external: portal !== "staff" });

/**
 * Loads the tender of the address (live: other users' changes refresh it) and opens the screen
 * only on a route valid for it; an invalid route or a tender the user cannot read sends the user
 * home (spec §8 "An invalid tender route sends the user home").
 */
export function TenderRouteScreen({
  id,
  route,
  portal,
  children,
}: {
  id: string | undefined;
  route: TenderRoute;
  portal: Portal;
  children: (tender: Tender, refetch: () => Promise<unknown>) => ReactNode;
}) {
  const { query } = useOne<Tender>({
    resource: "tenders",
    id,
    meta: { query: { withAccounts: true } },
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
  const tender = query.data?.data;
  const userId = useSession((s) => s.user?.id);
  let content: ReactNode;
  if (!id || query.isError) content = <Navigate to={portalHome(portal)} replace />;
  else if (!tender) content = <Spin style={{ display: "block", margin: 48 }} />;
  // A status just changed (open, award) may still be read: decide on the fresh record.
  else if (!routeOpen(route, tender, portal, userId))
    content = query.isFetching ? <Spin style={{ display: "block", margin: 48 }} /> : <Navigate to={portalHome(portal)} replace />;
  else content = children(tender, () => query.refetch());
  return <FeatureGuard feature="TENDERS">{content}</FeatureGuard>;
}
