import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Button, Card, Space, Spin, Tabs } from "antd";
import { TableOutlined } from "@ant-design/icons";
import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { HealthCheck } from "../HealthCheck";
import { TenderTitle } from "../TenderTitle";
import { WorkflowActions } from "../WorkflowActions";
import { useRegionCurrency } from "../../../../components/settings/format";
import { tenderPath, tenderRoutePath } from "../paths";
import type { TenderRoute } from "../rules";
import type { Portal } from "../../../../types/session";
import { AnalysisRecos } from "./AnalysisRecos";
import { QueryStatus } from "./QueryStatus";
import { TenderRepresentatives } from "./TenderRepresentatives";
import { DocumentButton } from "../DocumentButton";
import { routeOpen, TenderRouteScreen, type Tender } from "./TenderRouteScreen";
import { useSession } from "../../../../providers/session";
import { TenderPurchases } from "../purchases/TenderPurchases";

interface TabProps {
  tender: Tender;
  currency: string;
  refetch: () => Promise<unknown>;
}

interface SummaryTab {
  /** The child path under /summary/:id (spec §2). */
  key: string;
  route: TenderRoute;
  labelKey: string;
  render: (props: TabProps) => ReactNode;
}

// The addendum summary is the addenda work's screen: its tab appears when its component exists.
type AddendumModule = { default?: ComponentType<TabProps>; AddendumSummary?: ComponentType<TabProps> };
const addendumModule = Object.values(import.meta.glob<AddendumModule>("../**/AddendumSummary.tsx"))[0];
const AddendumSummary = addendumModule
  ? lazy(() => addendumModule().then((module) => ({ default: (module.AddendumSummary ?? module.default) as ComponentType<TabProps> })))
  : null;

/** The summary's tabs, in order; each opens only where `tenderRouteAllowed` says so. */
export const summaryTabs: SummaryTab[] = [
  {
    key: "health-check",
    route: "healthCheck",
    labelKey: "tabs.healthCheck",
    render: ({ tender, currency }) => <HealthCheck tender={tender} currency={currency} />,
  },
  ...(AddendumSummary
    ? [{ key: "addendum", route: "addendumSummary" as const, labelKey: "review.tabs.addendum", render: (props: TabProps) => <AddendumSummary {...props} /> }]
    : []),
  {
    key: "analysis-recos",
    route: "analysisRecos",
    labelKey: "review.tabs.analysisRecos",
    render: ({ tender, currency, refetch }) => <AnalysisRecos tender={tender} currency={currency} onDone={refetch} />,
  },
  { key: "query", route: "queryStatus", labelKey: "review.tabs.query", render: ({ tender }) => <QueryStatus tender={tender} /> },
];

/**
 * /summary/:id/<tab> (staff) and /vendors/summary/:id/<tab> (representatives): the tender's
 * heading and workflow buttons, the tabs valid for its status, a link to the bid comparison.
 */
export function TenderSummary({ portal }: { portal: Portal }) {
  const { t } = useTranslation("tenders");
  const { id } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const currency = useRegionCurrency();
  const userId = useSession((s) => s.user?.id);
  const prefix = portal === "staff" ? "" : `/${portal}`;
  const tab = summaryTabs.find((candidate) => pathname.endsWith(`/${candidate.key}`));
  if (!tab) return <Navigate to={`${prefix}/summary/${id}/health-check`} replace />;

  return (
    <TenderRouteScreen id={id} route={tab.route} portal={portal}>
      {(tender, refetch) => {
        const tabs = summaryTabs.filter((candidate) => routeOpen(candidate.route, tender, portal, userId));
        const comparison = routeOpen("comparison", tender, portal, userId);
        return (
          <Card
            title={<TenderTitle title={t("review.titles.summary")} record={tender} />}
            extra={
              <Space wrap>
                <DocumentButton type="tender-summary" id={tender.id} prNumber={tender.prNumber} />
                {comparison && (
                  <Button
                    icon={<TableOutlined />}
                    onClick={() => navigate(`${prefix}${tenderRoutePath("comparison", tender.id)}`)}
                    data-testid="open-comparison"
                  >
                    {t("comparison.title")}
                  </Button>
                )}
                {portal === "staff" && (
                  <WorkflowActions
                    record={tender}
                    onDone={async (next) => {
                      // A new status may have its own screen (open → analysis and recommendation):
                      // go there once the record is read again.
                      await refetch();
                      if (next.status !== tender.status) navigate(tenderPath(next as never, userId));
                    }}
                  />
                )}
              </Space>
            }
          >
            {portal === "staff" && <TenderRepresentatives tender={tender} onDone={refetch} />}
            {portal === "staff" && tender.status === "AWARDED" && <TenderPurchases tender={tender} />}
            <Tabs
              activeKey={tab.key}
              onChange={(key) => navigate(`${prefix}/summary/${tender.id}/${key}`)}
              items={tabs.map((candidate) => ({
                key: candidate.key,
                label: <span data-testid={`summary-tab-${candidate.key}`}>{t(candidate.labelKey)}</span>,
                children:
                  candidate.key === tab.key ? (
                    <Suspense fallback={<Spin />}>{candidate.render({ tender, currency: tender.currency || currency, refetch })}</Suspense>
                  ) : null,
              }))}
            />
          </Card>
        );
      }}
    </TenderRouteScreen>
  );
}
