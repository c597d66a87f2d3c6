/** Times as the business reads them: New Zealand time, and how long ago. */
const nzFormat = new Intl.DateTimeFormat('en-NZ', { timeZone: 'Pacific/Auckland', dateStyle: 'medium', timeStyle: 'short' });

export function nzTime(at: string | number): string {
  return nzFormat.format(new Date(at));
}

/** "just now", "12 min ago", "3 h ago", "2 d ago". */
export function ago(at: string | number, now = Date.now()): string {
  const minutes = Math.floor((now - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** A span of time as the list reads it at a glance: "45 min", "3 h 5 min", "2 d 4 h". */
export function span(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
