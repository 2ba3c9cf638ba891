import { Button, Card, Grid, Space } from "antd";
import { ArrowLeftOutlined, FileExcelOutlined } from "@ant-design/icons";
import { useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { TenderTitle } from "../TenderTitle";
import { useRegionCurrency } from "../../../../components/settings/format";
import type { Portal } from "../../../../types/session";
import { BidComparisonTable } from "./BidComparisonTable";
import { TenderRouteScreen, type Tender } from "./TenderRouteScreen";
import { downloadFile } from "../../../../providers/api";
import { notifyError } from "../../../../providers/notifications";
import { tenderComparisonUrl } from "../../../../../../backend/src/modules/tenders/services/tender-comparisons/tender-comparisons.shared";

/** /comparison/:id and /vendors/comparison/:id: the bid comparison of a tender in REVIEW or decided. */
export function ComparisonScreen({ portal }: { portal: Portal }) {
  const { t } = useTranslation("tenders");
  const { id } = useParams();
  const navigate = useNavigate();
  const currency = useRegionCurrency();
  const back = portal === "staff" ? `/summary/${id}/analysis-recos` : `/vendors/tender/review/${id}`;
  // On a phone the buttons go above the table: beside the title they would push the page sideways.
  const narrow = !Grid.useBreakpoint().md;
  const actions = (tender: Tender) => (
    <Space wrap>
      <Button
        icon={<FileExcelOutlined />}
        data-testid="comparison-export"
        onClick={() =>
          downloadFile(tenderComparisonUrl(tender.id), {}, `Bid Comparison ${tender.prNumber}.xlsx`).catch((error) =>
            notifyError("tender-comparisons.find", error),
          )
        }
      >
        {t("comparison.export")}
      </Button>
      <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
        {t("analysis.title")}
      </Button>
    </Space>
  );
  return (
    <TenderRouteScreen id={id} route="comparison" portal={portal}>
      {(tender) => (
        <Card title={<TenderTitle title={t("comparison.title")} record={tender} />} extra={narrow ? undefined : actions(tender)}>
          {narrow && <div style={{ marginBottom: 16 }}>{actions(tender)}</div>}
          <BidComparisonTable tender={tender} currency={tender.currency || currency} />
        </Card>
      )}
    </TenderRouteScreen>
  );
}
