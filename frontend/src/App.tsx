import { Refine, type IResourceItem } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./AppRoutes";
import { resources } from "./config/resources";
import { theme } from "./config/theme";
import { dataProvider } from "./providers/data-provider";
import { liveProvider } from "./providers/live-provider";
import { authProvider } from "./providers/auth-provider";
import { accessControlProvider } from "./providers/access-control";
import { antdLocale, i18nProvider, translate } from "./providers/i18n";
import { notificationProvider } from "./providers/notifications";
import { useSession } from "./providers/session";
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

export default function App() {
  // Re-render the tree (antd locale, translated labels) when the language changes.
  const language = useSession((s) => s.language);
  return (
    <BrowserRouter>
      <ConfigProvider locale={antdLocale(language)} theme={theme}>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            liveProvider={liveProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={notificationProvider}
            resources={resources}
            options={{
              warnWhenUnsavedChanges: true,
              syncWithLocation: true,
              liveMode: "auto",
              mutationMode: "pessimistic",
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry } } } },
            }}
          >
            <AppRoutes />
            <UnsavedChangesNotifier />
            <DocumentTitleHandler handler={documentTitle} />
            <PermissionUpdatedModal />
            <SessionBridges />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
