import { ConfigProvider } from "antd";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "../lib/format";
import type { ChartRow } from "./ChartCard";

const BAR_COLOUR = "#1d4ed8";
const AXIS_TICK = { fontSize: 12, fill: "#374151" };
/** Before the container is measured (and in tests), charts draw at this size rather than not at all. */
const INITIAL_SIZE = { width: 320, height: 240 };

interface ChartProps {
  rows: ChartRow[];
}

/**
 * Right to left, the axes mirror; the tooltip names the series in the reader's language. The chart
 * itself is laid out left to right (`dir="ltr"` on its box): recharts anchors its labels for that
 * direction, and an inherited `rtl` would push them over the bars.
 */
function useChartLanguage() {
  const { t } = useTranslation();
  return { rtl: useContext(ConfigProvider.ConfigContext).direction === "rtl", seriesName: t("reports.count") };
}

/** Applications per day: a column a day, the axis labelled month-day so 30 days fit on a phone. */
export function PerDayChart({ rows }: ChartProps) {
  const { rtl, seriesName } = useChartLanguage();
  return (
    <ResponsiveContainer width="100%" height={260} initialDimension={INITIAL_SIZE} dir="ltr">
      <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS_TICK} tickFormatter={(day: string) => day.slice(5)} interval="preserveStartEnd" minTickGap={12} reversed={rtl} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} width={40} orientation={rtl ? "right" : "left"} tickFormatter={formatCount} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Bar dataKey="count" name={seriesName} fill={BAR_COLOUR} />
      </BarChart>
    </ResponsiveContainer>
  );
}

const ROW_HEIGHT = 32;

/** Counts by a name (status, course, degree) as horizontal bars: long names stay readable at 360 px. */
export function CountsChart({ rows }: ChartProps) {
  const { rtl, seriesName } = useChartLanguage();
  return (
    <ResponsiveContainer width="100%" height={rows.length * ROW_HEIGHT + 48} initialDimension={INITIAL_SIZE} dir="ltr">
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} reversed={rtl} tickFormatter={formatCount} />
        <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={140} orientation={rtl ? "right" : "left"} />
        <Tooltip formatter={(value) => formatCount(Number(value))} />
        <Bar dataKey="count" name={seriesName} fill={BAR_COLOUR}>
          {rows.some((row) => row.colour) && rows.map((row) => <Cell key={row.label} fill={row.colour ?? BAR_COLOUR} />)}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
