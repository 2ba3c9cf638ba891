import { Card, Empty } from "antd";
import { useCustom, useSubscription, type CrudFilters } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { BarChartFigure, type BarSeries } from "../../components/charts/Chart";
import { chartColors } from "../../config/theme";
import { formatCount, formatDate, formatDayMonth, regionDay } from "../../components/format";
import { auditActionLabel, resourceLabel } from "../../components/security-groups/labels";

interface GroupRow {
  day: string;
  resource: string;
  action: string;
  count: number;
}

/** Series drawn one by one; the rest of a range's resources (or actions) are summed as "other". */
const SERIES = 5;
const COLORS = [chartColors.primary, chartColors.success, chartColors.warning, chartColors.error, chartColors.cyan];
const OTHER = "__other";
/** A range longer than this is drawn from its latest days (the table still lists every day). */
const MAX_DAYS = 92;
/** Without a start date the chart shows at least this many days up to the end. */
const MIN_DAYS = 14;
const DAY = 86_400_000;

/** Every calendar day from the first to the last (YYYY-MM-DD, zone-free arithmetic), the latest MAX_DAYS. */
function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${last}T00:00:00Z`); at >= Date.parse(`${first}T00:00:00Z`) && days.length < MAX_DAYS; at -= DAY) {
    days.unshift(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The audit report's activity over time: writes per day (the region's calendar days, as the
 * report counts them) stacked by resource, or by action once the report is filtered to one
 * resource, for the report's own filters. Live like the report: each new audit entry redraws it.
 */
export function ActivityChart({ filters }: { filters: CrudFilters }) {
  const { t } = useTranslation(["audit-log", "common"]);
  const resourceFilter = filters.find((filter) => "field" in filter && filter.field === "resource" && filter.value);
  const by = resourceFilter ? "action" : "resource";
  const { result, query } = useCustom<{ data: GroupRow[] }>({
    url: "audit-report",
    method: "get",
    config: { filters, query: { by, $limit: 2000 } },
  });
  useSubscription({ channel: "resources/audit-log", types: ["created"], onLiveEvent: () => void query.refetch() });
  const rows = (result?.data as { data?: GroupRow[] } | undefined)?.data ?? [];
  const keyOf = (row: GroupRow) => (by === "action" ? row.action : row.resource);
  const label = (key: string) => (key === OTHER ? t("report.other") : by === "action" ? auditActionLabel(t, key) : resourceLabel(t, key));

  const totals = new Map<string, number>();
  for (const row of rows) totals.set(keyOf(row), (totals.get(keyOf(row)) ?? 0) + row.count);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const drawn = ranked.length > SERIES + 1 ? ranked.slice(0, SERIES).map(([key]) => key) : ranked.map(([key]) => key);
  const seriesOf = (key: string) => (drawn.includes(key) ? key : OTHER);
  const series: BarSeries[] = drawn.map((key, i) => ({ key, label: label(key), color: COLORS[i % COLORS.length] }));
  if (ranked.length > drawn.length) series.push({ key: OTHER, label: label(OTHER), color: chartColors.neutral });

  // The days of the report's range (its ends on the region's clock), else from the first write
  // up to today, two weeks at least, so the days without a write show as such.
  const range = filters.find((filter) => "field" in filter && filter.field === "at")?.value as (string | undefined)[] | undefined;
  const last = range?.[1] ? regionDay(range[1]) : regionDay(new Date());
  const earliest = new Date(Date.parse(`${last}T00:00:00Z`) - (MIN_DAYS - 1) * DAY).toISOString().slice(0, 10);
  const firstWrite = rows.reduce((min, row) => (row.day < min ? row.day : min), last);
  const first = range?.[0] ? regionDay(range[0]) : firstWrite < earliest ? firstWrite : earliest;
  const dayList = rows.length ? daysBetween(first, last) : [];
  const byDay = new Map(dayList.map((day) => [day, { day } as Record<string, string | number>]));
  for (const row of rows) {
    const point = byDay.get(row.day);
    if (!point) continue;
    const key = seriesOf(keyOf(row));
    point[key] = Number(point[key] ?? 0) + row.count;
  }
  const data = [...byDay.values()].map((point) => Object.fromEntries([["day", point.day], ...series.map((item) => [item.key, point[item.key] ?? 0])]));
  const seriesTotal = (key: string) =>
    key === OTHER ? ranked.filter(([name]) => !drawn.includes(name)).reduce((sum, [, count]) => sum + count, 0) : (totals.get(key) ?? 0);
  const summary = dayList.length
    ? t("report.chartSummary", {
        from: formatDate(dayList[0]),
        to: formatDate(dayList[dayList.length - 1]),
        total: formatCount(ranked.reduce((sum, [, count]) => sum + count, 0)),
        figures: series.map((item) => `${item.label} ${formatCount(seriesTotal(item.key))}`).join(t("report.separator")),
      })
    : "";

  return (
    <Card size="small" title={by === "action" ? t("report.chartByAction") : t("report.chartByResource")} loading={query.isLoading} style={{ marginBottom: 16 }}>
      {data.length ? (
        <BarChartFigure
          testId="audit-activity-chart"
          summary={summary}
          data={data}
          category="day"
          categoryLabel={formatDayMonth}
          series={series}
          stacked
          legend
          height={260}
          formatValue={formatCount}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("report.noActivity")} />
      )}
    </Card>
  );
}
