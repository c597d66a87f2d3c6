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
