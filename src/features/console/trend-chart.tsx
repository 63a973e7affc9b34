import { Bar } from "@nivo/bar";
import { useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { ReceiptsOfDay } from "../../../contracts/schemas/console.ts";
import { formatUsdt } from "../../i18n/format.ts";

export interface TrendChartProps {
  days: readonly ReceiptsOfDay[];
  dark: boolean;
  locale: string;
  /** Words for a bar's tooltip: "{{count}} deposits". */
  depositsOf: (count: number) => string;
}

const palette = {
  light: { bar: "#2d72d2", text: "#404854", grid: "rgba(17, 20, 24, 0.15)", tooltip: "#ffffff" },
  dark: { bar: "#4c90f0", text: "#d3d8de", grid: "rgba(255, 255, 255, 0.15)", tooltip: "#2f343c" },
};

/** At most about eight day labels under the bars, whatever the range. */
const tickDates = (days: readonly ReceiptsOfDay[]) => {
  const step = Math.max(1, Math.ceil(days.length / 8));
  return days.filter((_, i) => (days.length - 1 - i) % step === 0).map((d) => d.date);
};

/**
 * The trend of receipts drawn with @nivo/bar: one bar per day, its height the day's credited amount. Loaded lazily by
 * the console home (console-figures.tsx), so nivo stays out of every other page's code. Its name and the numbers'
 * table are the caller's; the drawing is presentation only. It measures its box itself and draws again within the
 * frame the box changed in (flushSync in the ResizeObserver's callback): nivo's ResponsiveBar drew a frame later, and
 * a page measured between the two (the layout audit, a screenshot) found the old width's labels past the new box.
 */
export default function TrendChart({ days, dark, locale, depositsOf }: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => ({ width: element.clientWidth, height: element.clientHeight });
    setSize(measure());
    const observer = new ResizeObserver(() => flushSync(() => setSize(measure())));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const colors = dark ? palette.dark : palette.light;
  const dayLabel = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
  const data = days.map((d) => ({ date: d.date, amount: Number(d.amount), count: d.count, text: d.amount }));
  return (
    <div ref={box} className="console-trend-drawing">
      {size.width > 0 && size.height > 0 ? (
        <Bar
          width={size.width}
          height={size.height}
          data={data}
          keys={["amount"]}
          indexBy="date"
          role="presentation"
          margin={{ top: 8, right: 8, bottom: 28, left: 56 }}
          padding={0.2}
          colors={colors.bar}
          enableLabel={false}
          animate={false}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4 }}
          axisBottom={{
            tickSize: 0,
            tickPadding: 6,
            tickValues: tickDates(days),
            format: (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`)),
          }}
          gridYValues={4}
          theme={{
            text: { fill: colors.text, fontSize: 12 },
            grid: { line: { stroke: colors.grid } },
            tooltip: { container: { background: colors.tooltip, color: colors.text, fontSize: 12 } },
          }}
          tooltip={({ data: d }) => (
            <span>
              {dayLabel.format(new Date(`${d.date}T00:00:00Z`))}: {formatUsdt(String(d.text), locale)},{" "}
              {depositsOf(Number(d.count))}
            </span>
          )}
        />
      ) : null}
    </div>
  );
}
