import { Suspense } from "react";
import { Route, matchPath } from "react-router";
import { CanAccess } from "@refinedev/core";
import { Spin } from "antd";
import { resources, resourcePortal, type AppResource } from "./resources";
import { PAGE_ACTIONS, preloadResourcePage, resourcePage, type PageAction } from "./resource-pages";
import { FeatureGuard } from "../components/guards/FeatureGuard";
import { lazyNamed } from "./lazy";
import { translate } from "../providers/i18n";
import type { Portal } from "../types/session";

// Screens few visits meet (antd's Result with them): loaded when they show, not with every portal page.
const NoPermission = lazyNamed(() => import("../components/guards/NoPermission"), "NoPermission");
const PendingScreen = lazyNamed(() => import("../components/PendingScreen"), "PendingScreen");

function ResourceScreen({ resource, action }: { resource: AppResource; action: PageAction }) {
  const identifier = resource.identifier ?? resource.name;
  const Page = resourcePage([identifier, resource.name], action);
  return (
    <FeatureGuard feature={resource.meta.feature}>
      <Suspense fallback={<Spin style={{ display: "block", margin: 48 }} />}>
        <CanAccess resource={identifier} action={action} fallback={<NoPermission />}>
          {Page ? <Page /> : <PendingScreen title={translate(resource.meta.labelKey)} />}
        </CanAccess>
      </Suspense>
    </FeatureGuard>
  );
}

const portalResources = (portal: Portal) => resources().filter((resource) => resourcePortal(resource) === portal && !resource.meta.group);

/** Starts fetching the screen of the resource action at `pathname`, if one of the portal's is there. */
export function preloadResourceScreen(portal: Portal, pathname: string): void {
  for (const resource of portalResources(portal)) {
    const action = PAGE_ACTIONS.find((candidate) => typeof resource[candidate] === "string" && matchPath(resource[candidate] as string, pathname));
    if (action) return preloadResourcePage([resource.identifier ?? resource.name, resource.name], action);
  }
}

/** One <Route> per declared resource action of a portal, guarded by feature and permission. */
export function resourceRoutes(portal: Portal) {
  return portalResources(portal).flatMap((resource) =>
    PAGE_ACTIONS.filter((action) => typeof resource[action] === "string").map((action) => (
      <Route
        key={`${resource.identifier ?? resource.name}:${action}`}
        path={resource[action] as string}
        element={<ResourceScreen resource={resource} action={action} />}
      />
    )),
  );
}
