import { Col, Row, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { BarChartFigure } from "../../../../components/charts/Chart";
import { chartColors } from "../../../../config/theme";
import { formatCount } from "../../../../components/format";
import { scorecardOf } from "../../../../../../backend/src/modules/tenant-projects/services/green-fitouts/green-fitouts.shared";
import type { GreenFolder } from "./greenApi";

/**
 * The scorecard by BEAM Plus Interiors category (issue 30 item 9): the points accepted against
 * those claimed, as bars and as figures (the chart's summary says them in words; its library
 * loads in its own chunk when the card is first drawn).
 */
export function GreenScorecard({ folders, total }: { folders: GreenFolder[]; total: number }) {
  const { t } = useTranslation("green-fitout");
  const card = scorecardOf(folders);
  const category = (key: string) => t(`categories.${key}`);
  const summary = t("scorecard.summary", {
    total: formatCount(total),
    figures: card
      .map((line) => t("scorecard.figure", { category: category(line.category), awarded: formatCount(line.awarded), claimed: formatCount(line.claimed) }))
      .join("; "),
  });
  return (
    <Row gutter={[24, 16]} align="middle" data-testid="green-scorecard">
      <Col xs={24} lg={16}>
        <BarChartFigure
          testId="green-scorecard-chart"
          summary={summary}
          data={card}
          category="category"
          categoryLabel={category}
          series={[
            { key: "awarded", label: t("scorecard.awarded"), color: chartColors.primary },
            { key: "claimed", label: t("scorecard.claimed"), color: chartColors.neutral },
          ]}
          rows
          legend
          height={300}
          formatValue={formatCount}
          categoryWidth={190}
        />
      </Col>
      <Col xs={24} lg={8}>
        <Statistic title={t("scorecard.total")} value={total} formatter={(value) => <span data-testid="green-total">{formatCount(Number(value))}</span>} />
        {card.map((line) => (
          <div key={line.category} data-testid={`green-score-${line.category}`}>
            {category(line.category)}: {formatCount(line.awarded)} / {formatCount(line.claimed)}
          </div>
        ))}
      </Col>
    </Row>
  );
}
