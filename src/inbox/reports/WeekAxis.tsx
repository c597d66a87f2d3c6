import { axisText } from './colours.ts';
import { shortDate } from './format.ts';
import { textWidth } from './measure.ts';

interface WeekAxisProps {
  /** The weeks' Mondays, YYYY-MM-DD, in order. */
  weeks: string[];
  /** Where a week's bar or point is centred. */
  center: (week: string) => number;
  /** Room each week has, px. */
  step: number;
  /** The labels' baseline. */
  y: number;
  /** The drawing's width: no label runs off either side. */
  width: number;
}

const SIZE = 12;

/** The weeks under a chart ("23 Nov"), as many as fit without touching, always including the latest. */
export function WeekAxis({ weeks, center, step, y, width }: WeekAxisProps) {
  const labels = weeks.map(shortDate);
  const widest = Math.max(0, ...labels.map((label) => textWidth(label, SIZE)));
  const every = Math.max(1, Math.ceil((widest + 10) / Math.max(1, step)));
  return (
    <>
      {weeks.map((week, i) => {
        if ((weeks.length - 1 - i) % every) return null;
        const half = textWidth(labels[i] ?? '', SIZE) / 2;
        const x = Math.min(Math.max(center(week), half), width - half);
        return (
          <text key={week} x={x} y={y} textAnchor="middle" className={axisText}>
            {labels[i]}
          </text>
        );
      })}
    </>
  );
}
