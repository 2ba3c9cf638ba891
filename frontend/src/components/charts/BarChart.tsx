import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { chartColors } from "../../config/theme";
import type { BarsProps } from "./Chart";

const tick = { fill: chartColors.text, fontSize: 12 };

/**
 * Bars drawn with recharts: this file is the only one importing it, and it is loaded lazily
 * (Chart.tsx), so the chart library is a chunk of its own, fetched when a chart first shows.
 * The figure's accessible name is the caller's summary (ChartFigure): the drawing itself is not
 * a second, keyboard-reachable copy of it (no accessibility layer).
 */
export function Bars({ data, category, categoryLabel, series, rows = false, stacked = false, height, formatValue, categoryWidth = 96, legend }: BarsProps) {
  const label = (value: unknown) => (categoryLabel ? categoryLabel(String(value)) : String(value));
  const single = series.length === 1;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...data]} layout={rows ? "vertical" : "horizontal"} accessibilityLayer={false} margin={{ top: 16, right: 24, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" horizontal={!rows} vertical={rows} />
        {rows ? (
          <XAxis type="number" allowDecimals={false} tick={tick} tickFormatter={(value) => formatValue(Number(value))} />
        ) : (
          <XAxis dataKey={category} tick={tick} tickFormatter={label} interval="preserveStartEnd" minTickGap={4} />
        )}
        {rows ? (
          <YAxis type="category" dataKey={category} tick={tick} tickFormatter={label} width={categoryWidth} interval={0} />
        ) : (
          <YAxis type="number" allowDecimals={false} tick={tick} tickFormatter={(value) => formatValue(Number(value))} width={40} />
        )}
        <Tooltip
          formatter={(value, name) => [formatValue(Number(value)), name]}
          labelFormatter={label}
          contentStyle={{ color: chartColors.text }}
          cursor={{ fill: "rgba(0, 0, 0, 0.04)" }}
        />
        {(legend ?? !single) ? <Legend itemSorter={null} formatter={(value) => <span style={{ color: chartColors.text }}>{value}</span>} /> : null}
        {series.map((item) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            fill={item.color}
            stackId={stacked ? "stack" : undefined}
            isAnimationActive={false}
            maxBarSize={36}
          >
            {single ? (
              <LabelList
                dataKey={item.key}
                position={rows ? "right" : "top"}
                fill={chartColors.text}
                fontSize={12}
                formatter={(value: unknown) => (Number(value) ? formatValue(Number(value)) : "")}
              />
            ) : null}
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
