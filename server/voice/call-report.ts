/**
 * The Reports' calls of a range of New Zealand dates: per day and number dialled, answered and
 * missed; each number's totals; and how long missed callers waited to be called back (the middle
 * wait, and how many within the 15 minutes their text back promises).
 */
import type { CallReport } from '../../core/inbox-api/call-lead-api.ts';
import { nzParts } from '../../core/nz-time.ts';
import { callFigures } from '../storage/call-figures.ts';
import type { LeadStore } from '../storage/types.ts';
import { rangeInstants } from '../leads/range-insight.ts';

/** The wait the text back promises a missed caller. */
export const CALL_BACK_PROMISE_MINUTES = 15;

const median = (sorted: readonly number[]): number | null => {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function callReportFor(store: LeadStore, from: string, to: string): Promise<CallReport> {
  const { start, end } = rangeInstants(from, to);
  const rows = await store.read(() => callFigures(start.getTime(), end.getTime()));
  const days = new Map<string, CallReport['days'][number]>();
  const numbers = new Map<string, CallReport['numbers'][number]>();
  const waits: number[] = [];
  for (const call of rows) {
    const date = nzParts(new Date(call.started_at)).date;
    const day = days.get(`${date}|${call.dialled}`) ?? { date, dialled: call.dialled, source: call.source, answered: 0, missed: 0 };
    const number = numbers.get(call.dialled) ?? { dialled: call.dialled, source: call.source, answered: 0, missed: 0 };
    day[call.status] += 1;
    number[call.status] += 1;
    days.set(`${date}|${call.dialled}`, day);
    numbers.set(call.dialled, number);
    if (call.status === 'missed' && call.back_at !== null) waits.push((call.back_at - call.started_at) / 60_000);
  }
  waits.sort((a, b) => a - b);
  const middle = median(waits);
  return {
    days: [...days.values()],
    numbers: [...numbers.values()].sort((a, b) => b.answered + b.missed - (a.answered + a.missed) || a.dialled.localeCompare(b.dialled)),
    callBacks: {
      missed: rows.filter((r) => r.status === 'missed').length,
      calledBack: waits.length,
      medianMinutes: middle === null ? null : Math.round(middle * 10) / 10,
      within15: waits.filter((m) => m <= CALL_BACK_PROMISE_MINUTES).length,
    },
  };
}
