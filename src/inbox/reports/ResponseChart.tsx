import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { ResponseTimes, WeekFigures } from '../../../core/lead/insight.ts';
import { words } from '../app-words.ts';
import { afterDot, afterStroke, businessDot, businessStroke } from './colours.ts';
import { count, duration, longDate, shortDate } from './format.ts';
import { useWidth } from './useWidth.ts';
import { Legend } from './Legend.tsx';
import { ShowNumbers } from './ShowNumbers.tsx';
import { DataTable } from './DataTable.tsx';
import { WeekAxis } from './WeekAxis.tsx';
import { ValueGrid } from './ValueGrid.tsx';
import { textWidth } from './measure.ts';

const w = words.reports.response;
const HEIGHT = 220;
const margin = { top: 10, right: 8, bottom: 26 };
/** Steps for the minutes axis, so its marks read as round times (30 min, 2 h, 1 d) rather than 250 minutes. */
const STEPS = [5, 10, 15, 30, 60, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 7200, 10080, 20160];

type Kind = keyof ResponseTimes;
const lines: { kind: Kind; label: string; stroke: string; dot: string; dash?: string; swatch: string }[] = [
  { kind: 'businessHours', label: w.businessHours, stroke: businessStroke, dot: businessDot, swatch: 'h-0 w-6 border-t-4 border-brand-600' },
  { kind: 'afterHours', label: w.afterHours, stroke: afterStroke, dot: afterDot, dash: '6 4', swatch: 'h-0 w-6 border-t-4 border-dashed border-amber-600' },
];

/** How fast someone first answered: the weekly medians as two lines (business hours, after hours), and the range's figures. */
export function ResponseChart({ weeks, response }: { weeks: WeekFigures[]; response: ResponseTimes }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const median = (week: WeekFigures, kind: Kind) => week.response[kind].medianMinutes;
  const values = weeks.flatMap((week) => lines.map((l) => median(week, l.kind))).filter((v): v is number => v !== null);
  const answered = response.businessHours.answered + response.afterHours.answered;

  const max = Math.max(1, ...values);
  const step = STEPS.find((s) => Math.ceil(max / s) <= 4) ?? Math.ceil(max / 4);
  const ticks = Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
  const left = 10 + Math.max(...ticks.map((t) => textWidth(duration(t), 12)));
  const x = scaleBand<string>()
    .domain(weeks.map((week) => week.week))
    .range([left, Math.max(left, width - margin.right)])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, ticks.at(-1) ?? step])
    .range([HEIGHT - margin.bottom, margin.top]);
  const center = (week: string) => (x(week) ?? 0) + x.bandwidth() / 2;
  const cx = (week: WeekFigures) => center(week.week);

  return (
    <>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <DataTable
        caption={w.overall}
        columns={[w.figure, ...lines.map((l) => l.label)]}
        rows={[
          { key: 'median', cells: [w.median, ...lines.map((l) => duration(response[l.kind].medianMinutes))] },
          { key: 'p90', cells: [w.p90, ...lines.map((l) => duration(response[l.kind].p90Minutes))] },
          { key: 'answered', cells: [w.answered, ...lines.map((l) => count(response[l.kind].answered))] },
          { key: 'waiting', cells: [w.waiting, ...lines.map((l) => count(response[l.kind].waiting))] },
        ]}
      />
      <h3 className="mt-4 font-bold text-brand-900">{w.weeklyMedian}</h3>
      {answered === 0 ? (
        <p className="mt-2 text-slate-700">{w.noData}</p>
      ) : (
        <>
          <Legend label={w.weeklyMedian} items={lines.map((l) => ({ key: l.kind, label: l.label, swatch: l.swatch }))} />
          <div ref={ref} className="mt-2 w-full" style={{ minHeight: HEIGHT }}>
            {width > 0 && (
              <svg
                role="img"
                aria-label={w.chart(weeks.length, duration(response.businessHours.medianMinutes), duration(response.afterHours.medianMinutes))}
                width={width}
                height={HEIGHT}
              >
                <ValueGrid ticks={ticks} y={y} left={left} right={width - margin.right} format={duration} />
                {lines.map((l) => {
                  const path = line<WeekFigures>()
                    .defined((week) => median(week, l.kind) !== null)
                    .x(cx)
                    .y((week) => y(median(week, l.kind) ?? 0));
                  return (
                    <g key={l.kind}>
                      <path d={path(weeks) ?? ''} fill="none" strokeWidth={2.5} strokeDasharray={l.dash} strokeLinejoin="round" className={l.stroke} />
                      {weeks.map((week) => {
                        const minutes = median(week, l.kind);
                        return minutes === null ? null : (
                          <circle key={week.week} cx={cx(week)} cy={y(minutes)} r={3.5} className={`${l.dot} stroke-white`}>
                            <title>{w.point(l.label, shortDate(week.week), duration(minutes))}</title>
                          </circle>
                        );
                      })}
                    </g>
                  );
                })}
                <WeekAxis weeks={weeks.map((week) => week.week)} center={center} step={x.step()} y={HEIGHT - margin.bottom + 16} width={width} />
              </svg>
            )}
          </div>
          <ShowNumbers>
            <DataTable
              caption={w.weeklyTable}
              columns={[w.week, ...lines.flatMap((l) => [w.column(l.label, w.median), w.column(l.label, w.p90)])]}
              rows={weeks.map((week) => ({
                key: week.week,
                cells: [longDate(week.week), ...lines.flatMap((l) => [duration(median(week, l.kind)), duration(week.response[l.kind].p90Minutes)])],
              }))}
            />
          </ShowNumbers>
        </>
      )}
    </>
  );
}
