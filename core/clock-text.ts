/** Office-hours times: kept as 24-hour "HH:MM", written as the site shows them, "7:00am", "6:00pm". */
export function clockText(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}
