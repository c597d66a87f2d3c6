/** A six-armed snowflake mark centred on (x, y), used on doors and vans. */
export function Snowflake({ x, y, r, color, width = 5 }: { x: number; y: number; r: number; color: string; width?: number }) {
  const h = r * 0.866;
  const d = `M${x} ${y - r}v${2 * r}M${x - h} ${y - r / 2}l${2 * h} ${r}M${x - h} ${y + r / 2}l${2 * h} ${-r}`;
  return <path d={d} stroke={color} strokeWidth={width} strokeLinecap="round" fill="none" />;
}
