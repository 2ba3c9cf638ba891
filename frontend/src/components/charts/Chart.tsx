import { Suspense, type ReactNode } from "react";
import { Skeleton } from "antd";
import { lazyNamed } from "../../config/lazy";

/** One series of bars: the data key, its name in the legend and tooltip, its colour (config/theme chartColors). */
export interface BarSeries {
  key: string;
  label: string;
  color: string;
}

export interface BarsProps {
  data: readonly object[];
  /** The key of each bar's category (a status, a week). */
  category: string;
  /** How a category reads on the axis and in the tooltip. */
  categoryLabel?: (value: string) => string;
  series: BarSeries[];
  /** Horizontal bars, one row per category (long category names); otherwise columns. */
  rows?: boolean;
  /** Series stacked into one bar per category. */
  stacked?: boolean;
  height: number;
  formatValue: (value: number) => string;
  /** Room for the category names of row bars. */
  categoryWidth?: number;
  /** A legend of the series (in their order); by default when there are several. */
  legend?: boolean;
}

const LazyBars = lazyNamed(() => import("./BarChart"), "Bars");

/**
 * A chart as a figure with an accessible name: `summary` says in words the figures the bars show
 * (a screen reader reads it; the tests find a chart by it). The chart library loads in its own
 * chunk: until it arrives a placeholder of the chart's height holds its place, and nothing else
 * on the page waits for it.
 */
export function ChartFigure({ summary, height, testId, children }: { summary: string; height: number; testId?: string; children: ReactNode }) {
  return (
    <div role="img" aria-label={summary} data-testid={testId} style={{ width: "100%", height }}>
      <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 3 }} />}>{children}</Suspense>
    </div>
  );
}

/** Bars in a figure named by its summary (see ChartFigure and BarChart.tsx). */
export function BarChartFigure({ summary, testId, ...bars }: BarsProps & { summary: string; testId?: string }) {
  return (
    <ChartFigure summary={summary} height={bars.height} testId={testId}>
      <LazyBars {...bars} />
    </ChartFigure>
  );
}
