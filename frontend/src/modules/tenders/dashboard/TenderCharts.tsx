import { Card, Col, Empty, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { BarChartFigure } from "../../../components/charts/Chart";
import { chartColors } from "../../../config/theme";
import { formatCount, formatDate, formatDayMonth, formatPercent } from "../components/format";
import type { StaffTenderStats, VendorTenderStats, WeekResponses } from "../../../../../backend/src/modules/tenders/services/tender-stats/tender-stats.shared";
import { useTenderStats } from "./useTenderStats";

const count = (value: number) => formatCount(value);
const percent = (part: number, whole: number) => formatPercent(whole ? (100 * part) / whole : 0);

/**
 * The staff's tender charts: the pipeline by status, the closings per week and the vendors'
 * replies to the tenders closed in the past weeks, of the tenders the user reads in the region
 * (all of them for those who read any tender, the administrator among them). Live: a tender or
 * bid that changes redraws them.
 */
export function StaffTenderCharts() {
  const { t } = useTranslation(["dashboard", "tenders"]);
  const { stats, loading } = useTenderStats<StaffTenderStats>();
  const pipeline = (stats?.pipeline ?? []).filter((row) => row.count > 0);
  const status = (value: string) => t(`tenders:status.${value}`);
  const closings = stats?.closings ?? [];
  const responses = stats?.responses ?? [];
  const totals = responses.reduce(
    (sum: Omit<WeekResponses, "week">, row) => ({
      tenders: sum.tenders + row.tenders,
      invited: sum.invited + row.invited,
      submitted: sum.submitted + row.submitted,
      declined: sum.declined + row.declined,
      noReply: sum.noReply + row.noReply,
    }),
    { tenders: 0, invited: 0, submitted: 0, declined: 0, noReply: 0 },
  );
  const week = (value: string) => t("charts.weekOf", { day: formatDayMonth(value) });
  const busyWeeks = closings.filter((row) => row.count > 0);

  const pipelineSummary = t("charts.pipelineSummary", {
    total: count(pipeline.reduce((sum, row) => sum + row.count, 0)),
    figures: pipeline.map((row) => `${status(row.status)} ${count(row.count)}`).join(t("charts.separator")),
  });
  const closingsSummary = closings.length
    ? t("charts.closingsSummary", {
        from: formatDate(closings[0].week),
        weeks: closings.length,
        figures: busyWeeks.length ? busyWeeks.map((row) => `${week(row.week)} ${count(row.count)}`).join(t("charts.separator")) : t("charts.none"),
      })
    : "";
  const responsesSummary = t("charts.responsesSummary", {
    weeks: responses.length,
    tenders: count(totals.tenders),
    invited: count(totals.invited),
    submitted: count(totals.submitted),
    declined: count(totals.declined),
    noReply: count(totals.noReply),
    rate: percent(totals.submitted + totals.declined, totals.invited),
  });
  const title = stats?.scope === "own" ? t("charts.pipelineOwn") : t("charts.pipelineRegion");

  return (
    <Row gutter={[16, 16]} data-testid="staff-tender-charts">
      <Col xs={24} lg={8}>
        <Card title={title} loading={loading} style={{ height: "100%" }} styles={{ body: { minHeight: 280 } }}>
          {pipeline.length ? (
            <BarChartFigure
              testId="tender-pipeline-chart"
              summary={pipelineSummary}
              data={pipeline}
              category="status"
              categoryLabel={status}
              series={[{ key: "count", label: t("charts.tenders"), color: chartColors.primary }]}
              rows
              height={Math.max(160, pipeline.length * 34 + 40)}
              formatValue={count}
              categoryWidth={110}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("charts.noTenders")} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t("charts.closings")} loading={loading} style={{ height: "100%" }} styles={{ body: { minHeight: 280 } }}>
          <BarChartFigure
            testId="tender-closings-chart"
            summary={closingsSummary}
            data={closings}
            category="week"
            categoryLabel={formatDayMonth}
            series={[{ key: "count", label: t("charts.tenders"), color: chartColors.cyan }]}
            height={240}
            formatValue={count}
          />
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t("charts.responses")} loading={loading} style={{ height: "100%" }} styles={{ body: { minHeight: 280 } }}>
          <Typography.Text type="secondary">{t("charts.responseRate", { rate: percent(totals.submitted + totals.declined, totals.invited) })}</Typography.Text>
          <BarChartFigure
            testId="tender-responses-chart"
            summary={responsesSummary}
            data={responses}
            category="week"
            categoryLabel={formatDayMonth}
            series={[
              { key: "submitted", label: t("charts.submitted"), color: chartColors.success },
              { key: "declined", label: t("charts.declined"), color: chartColors.error },
              { key: "noReply", label: t("charts.noReply"), color: chartColors.neutral },
            ]}
            stacked
            height={240}
            formatValue={count}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** A vendor's charts: its company's invitations by reply, and the results of its submitted bids. */
export function VendorTenderCharts() {
  const { t } = useTranslation("dashboard");
  const { stats, loading } = useTenderStats<VendorTenderStats>();
  const invitations = stats?.invitations;
  const results = stats?.results;
  const replies = (["open", "submitted", "declined", "noReply", "cancelled"] as const).map((key) => ({
    key,
    label: t(`charts.${key}`),
    count: invitations?.[key] ?? 0,
  }));
  const outcomes = (["won", "lost", "pending"] as const).map((key) => ({ key, label: t(`charts.${key}`), count: results?.[key] ?? 0 }));
  const figures = (rows: CountRow[]) => rows.map((row) => `${row.label} ${count(row.count)}`).join(t("charts.separator"));
  return (
    <Row gutter={[16, 16]} data-testid="vendor-tender-charts">
      <CountChartCard
        title={t("charts.invitations")}
        note={t("charts.received", { number: count(invitations?.received ?? 0) })}
        testId="vendor-invitations-chart"
        summary={t("charts.invitationsSummary", { received: count(invitations?.received ?? 0), figures: figures(replies) })}
        rows={replies}
        series={{ label: t("charts.invitations"), color: chartColors.primary }}
        horizontal
        loading={loading}
      />
      <CountChartCard
        title={t("charts.results")}
        testId="vendor-results-chart"
        summary={t("charts.resultsSummary", { figures: figures(outcomes) })}
        rows={outcomes}
        series={{ label: t("charts.bids"), color: chartColors.success }}
        loading={loading}
      />
    </Row>
  );
}

interface CountRow {
  key: string;
  label: string;
  count: number;
}

/** Half a row: a card with one bar per labelled count, its figures also told in the summary for screen readers. */
function CountChartCard({
  title,
  note,
  testId,
  summary,
  rows,
  series,
  horizontal = false,
  loading,
}: {
  title: string;
  note?: string;
  testId: string;
  summary: string;
  rows: CountRow[];
  series: { label: string; color: string };
  horizontal?: boolean;
  loading: boolean;
}) {
  const labelOf = (key: string) => rows.find((row) => row.key === key)?.label ?? key;
  return (
    <Col xs={24} lg={12}>
      <Card title={title} loading={loading} style={{ height: "100%" }}>
        {note && <Typography.Text type="secondary">{note}</Typography.Text>}
        <BarChartFigure
          testId={testId}
          summary={summary}
          data={rows}
          category="key"
          categoryLabel={labelOf}
          series={[{ key: "count", ...series }]}
          rows={horizontal}
          height={220}
          formatValue={count}
          categoryWidth={horizontal ? 110 : undefined}
        />
      </Card>
    </Col>
  );
}
