import { Card, Col, Row, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { BarChartFigure } from "../../../components/charts/Chart";
import { chartColors } from "../../../config/theme";
import { formatCount } from "../../../components/format";
import { useStepCounts } from "./useReviewData";

/**
 * Open batches by step (issue 29 item 2): a bar per step, on time and overdue stacked, and the
 * same figures as text beside it (screen readers read the chart's summary, everybody the figures).
 */
export function OpenBatchesChart() {
  const { t } = useTranslation("tenant-submissions");
  const { data: counts = [], isLoading } = useStepCounts();
  const step = (key: string) => t(`steps.${key}`);
  const summary = t("dashboard.chart.summary", {
    figures: counts
      .map((row) =>
        row.clock
          ? t("dashboard.chart.figure", { step: step(row.step), total: formatCount(row.total), overdue: formatCount(row.overdue) })
          : t("dashboard.chart.figureNoClock", { step: step(row.step), total: formatCount(row.total) }),
      )
      .join(t("dashboard.chart.separator")),
  });
  return (
    <Card title={t("dashboard.chart.title")} loading={isLoading} data-testid="review-step-chart-card">
      <Row gutter={[24, 16]} align="middle">
        <Col xs={24} lg={14}>
          <BarChartFigure
            testId="review-step-chart"
            summary={summary}
            data={counts}
            category="step"
            categoryLabel={step}
            series={[
              { key: "onTime", label: t("dashboard.chart.onTime"), color: chartColors.primary },
              { key: "overdue", label: t("dashboard.chart.overdue"), color: chartColors.error },
            ]}
            rows
            stacked
            legend
            height={220}
            formatValue={formatCount}
            categoryWidth={150}
          />
        </Col>
        <Col xs={24} lg={10}>
          <Row gutter={[16, 16]} data-testid="review-step-counts">
            {counts.map((row) => (
              <Col xs={12} key={row.step} data-testid={`review-step-${row.step}`}>
                <Statistic title={step(row.step)} value={row.total} formatter={(value) => formatCount(value)} />
                <Typography.Text type={row.overdue ? "danger" : "secondary"}>
                  {row.clock ? t("dashboard.chart.overdueCount", { overdue: formatCount(row.overdue) }) : t("dashboard.chart.noClock")}
                </Typography.Text>
              </Col>
            ))}
          </Row>
        </Col>
      </Row>
    </Card>
  );
}
