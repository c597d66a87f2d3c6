import { axisText, baseLine, gridLine } from './colours.ts';

interface ValueGridProps {
  /** The values marked on the axis, 0 first. */
  ticks: number[];
  /** Where a value sits, px from the top. */
  y: (value: number) => number;
  /** Where the plot starts (the labels end just before it) and ends, px. */
  left: number;
  right: number;
  /** A mark's label ("3", "2 h"); 0 is written as 0. */
  format: (value: number) => string;
}

/** A chart's value axis: a faint line at each mark with its label on the left, the zero line solid. */
export function ValueGrid({ ticks, y, left, right, format }: ValueGridProps) {
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} className={tick ? gridLine : baseLine} />
          <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className={axisText}>
            {tick ? format(tick) : '0'}
          </text>
        </g>
      ))}
    </>
  );
}
