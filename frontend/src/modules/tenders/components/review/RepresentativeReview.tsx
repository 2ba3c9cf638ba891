import { Button, Card, Space, Tabs } from "antd";
import { TableOutlined } from "@ant-design/icons";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderTitle } from "../TenderTitle";
import { useRegionCurrency } from "../../../../components/settings/format";
import { AnalysisRecos } from "./AnalysisRecos";
import { QueryStatus } from "./QueryStatus";
import { TenderRouteScreen } from "./TenderRouteScreen";

/**
 * /vendors/tender/review/:id: a vendor-portal tender representative reviews a tender in REVIEW
 * (spec §2, §6): the analysis and recommendation and the query status, read-only, and the bid
 * comparison. Any other status, or a user who is not a representative, goes home.
 */
export function RepresentativeReview() {
  const { t } = useTranslation("tenders");
  const { id } = useParams();
  const navigate = useNavigate();
  const currency = useRegionCurrency();
  return (
    <TenderRouteScreen id={id} route="representativeReview" portal="vendors">
      {(tender, refetch) => (
        <Card
          title={<TenderTitle title={t("review.titles.review")} record={tender} />}
          extra={
            <Button icon={<TableOutlined />} onClick={() => navigate(`/vendors/comparison/${tender.id}`)} data-testid="open-comparison">
              {t("comparison.title")}
            </Button>
          }
        >
          <Tabs
            items={[
              {
                key: "analysis-recos",
                label: t("review.tabs.analysisRecos"),
                children: <AnalysisRecos tender={tender} currency={tender.currency || currency} onDone={refetch} />,
              },
              {
                key: "query",
                label: t("review.tabs.query"),
                children: (
                  <Space direction="vertical" style={{ width: "100%" }}>
                    <QueryStatus tender={tender} />
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
    </TenderRouteScreen>
  );
}
