import { scaleBand, scaleLinear } from 'd3-scale';
import { stack } from 'd3-shape';
import { leadSources, sourceLabels, type LeadSource, type WeekFigures } from '../../../core/lead/insight.ts';
import { words } from '../app-words.ts';
import { sourceFill, sourceSwatch } from './colours.ts';
import { count, longDate, shortDate } from './format.ts';
import { useWidth } from './useWidth.ts';
import { Legend } from './Legend.tsx';
import { ShowNumbers } from './ShowNumbers.tsx';
import { DataTable } from './DataTable.tsx';
import { WeekAxis } from './WeekAxis.tsx';
import { ValueGrid } from './ValueGrid.tsx';
import { textWidth } from './measure.ts';

const w = words.reports.weekly;
const HEIGHT = 220;
const margin = { top: 10, right: 4, bottom: 26 };

/** Leads per week, one colour per source, stacked; the weeks' numbers in a table under it. */
export function WeeklySourcesChart({ weeks }: { weeks: WeekFigures[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const series = stack<WeekFigures, LeadSource>()
    .keys(leadSources)
    .value((week, source) => week.bySource[source])(weeks);
  const total = weeks.reduce((sum, week) => sum + week.total, 0);
  const bySource = leadSources.map((source) => ({ source, n: weeks.reduce((sum, week) => sum + week.bySource[source], 0) }));
  const top = bySource.reduce((a, b) => (b.n > a.n ? b : a), { source: leadSources[0], n: 0 });
  const first = weeks[0]?.week ?? '';
  const last = weeks.at(-1)?.week ?? '';

  const max = Math.max(1, ...series.flatMap((s) => s.map((point) => point[1])));
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([HEIGHT - margin.bottom, margin.top]);
  const ticks = y.ticks(Math.min(4, max)).filter(Number.isInteger);
  const left = 10 + Math.max(...ticks.map((tick) => textWidth(count(tick), 12)));
  const x = scaleBand<string>()
    .domain(weeks.map((week) => week.week))
    .range([left, Math.max(left, width - margin.right)])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  // A bar no wider than this, centred in its week, so a range of a week or two does not draw slabs.
  const barWidth = Math.min(x.bandwidth(), 56);
  const barX = (week: string) => (x(week) ?? 0) + (x.bandwidth() - barWidth) / 2;

  return (
    <>
      <Legend
        label={w.legend}
        items={leadSources.map((source) => ({ key: source, label: sourceLabels[source], swatch: `size-3 rounded-sm ${sourceSwatch[source]}` }))}
      />
      <div ref={ref} className="mt-2 w-full" style={{ minHeight: HEIGHT }}>
        {width > 0 && (
          <svg
            role="img"
            aria-label={w.chart(weeks.length, shortDate(first), shortDate(last), total, top.n ? sourceLabels[top.source] : '')}
            width={width}
            height={HEIGHT}
          >
            <ValueGrid ticks={ticks} y={y} left={left} right={width - margin.right} format={count} />
            {series.map((s) => (
              <g key={s.key} className={`${sourceFill[s.key]} stroke-white`}>
                {s.map((point) =>
                  point[1] > point[0] ? (
                    <rect key={point.data.week} x={barX(point.data.week)} width={barWidth} y={y(point[1])} height={y(point[0]) - y(point[1])}>
                      <title>{w.bar(sourceLabels[s.key], shortDate(point.data.week), point.data.bySource[s.key])}</title>
                    </rect>
                  ) : null,
                )}
              </g>
            ))}
            <WeekAxis
              weeks={weeks.map((week) => week.week)}
              center={(week) => (x(week) ?? 0) + x.bandwidth() / 2}
              step={x.step()}
              y={HEIGHT - margin.bottom + 16}
              width={width}
            />
          </svg>
        )}
      </div>
      <ShowNumbers>
        <DataTable
          caption={w.heading}
          columns={[w.week, ...leadSources.map((source) => sourceLabels[source]), w.total]}
          rows={weeks.map((week) => ({
            key: week.week,
            cells: [longDate(week.week), ...leadSources.map((source) => count(week.bySource[source])), count(week.total)],
          }))}
        />
      </ShowNumbers>
    </>
  );
}
