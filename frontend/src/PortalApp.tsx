import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Refine, type IResourceItem } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { PortalRoutes } from "./PortalRoutes";
import { resources } from "./config/resources";
import { dataProvider } from "./providers/data-provider";
import { liveProvider } from "./providers/live-provider";
import { authProvider } from "./providers/auth-provider";
import { accessControlProvider } from "./providers/access-control";
import { i18nProvider, translate } from "./providers/i18n";
import { notificationProvider } from "./providers/notifications";
import { isApiError } from "./providers/api";
import { PermissionUpdatedModal } from "./components/PermissionUpdatedModal";
import { SessionBridges } from "./components/SessionBridges";

/** Retrying a 4xx repeats the same refusal; only server and network trouble is worth one more try. */
const retry = (count: number, error: unknown) => count < 1 && (!isApiError(error) || error.status >= 500);

const documentTitle = ({ resource }: { resource?: IResourceItem }) => {
  const app = translate("app.title");
  const labelKey = resource?.meta?.labelKey as string | undefined;
  return labelKey ? `${translate(labelKey)} | ${app}` : app;
};

/** main.tsx starts fetching a resource's screen with this, as soon as the portal's code has arrived. */
export { preloadResourceScreen } from "./config/resource-routes";

/**
 * Each resource's label in the language shown. Refine's breadcrumbs name a resource by its
 * `meta.label`, else by `<name>.<name>` in the catalogue: the vendor and tenant accounts share the
 * staff accounts' service name, so without a label their pages said "Staff users".
 */
function useLabelledResources(): IResourceItem[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () =>
      resources().map((resource) =>
        resource.meta?.labelKey ? { ...resource, meta: { ...resource.meta, label: translate(resource.meta.labelKey, { lng: language }) } } : resource,
      ),
    [language],
  );
}

/** The three portals under Refine: loaded (lazily, from AppRoutes) for every path outside /pub. */
export function PortalApp() {
  const labelled = useLabelledResources();
  return (
    <Refine
      dataProvider={dataProvider}
      liveProvider={liveProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      notificationProvider={notificationProvider}
      resources={labelled}
      options={{
        warnWhenUnsavedChanges: true,
        syncWithLocation: true,
        liveMode: "auto",
        mutationMode: "pessimistic",
        disableTelemetry: true,
        reactQuery: { clientConfig: { defaultOptions: { queries: { retry } } } },
      }}
    >
      <PortalRoutes />
      <UnsavedChangesNotifier />
      <DocumentTitleHandler handler={documentTitle} />
      <PermissionUpdatedModal />
      <SessionBridges />
    </Refine>
  );
}
