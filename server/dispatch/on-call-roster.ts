/**
 * The inbox's view of who is covering: the partners who can take an urgent job now in the order
 * dispatch tries them, and the regions none of them works in. Both read the one rule
 * (urgent-rule.ts) on the server's clock, so the Partners page shows what dispatch will do.
 */
import type { OnCallRosterAnswer, OnCallTurn, Partner } from '../../core/inbox-api/partners.ts';
import { lastOfferedAt } from '../storage/partner-records.ts';
import type { Work } from '../storage/steps.ts';
import { canTakeUrgentNow, fairestFirst, uncoveredRegions } from './urgent-rule.ts';

/** The partners who can take an urgent job now, in the order automatic dispatch tries them for one they all cover. */
export function* onCallOrder(partners: readonly Partner[]): Work<OnCallTurn[]> {
  const last = yield* lastOfferedAt();
  const ready = partners.filter((p) => canTakeUrgentNow(p)).map((p) => ({ id: p.id, name: p.name, last_offered_at: last.get(p.id) ?? null }));
  return fairestFirst(ready).map(({ id, last_offered_at }) => ({ id, last_offered_at }));
}

/** Who can take an urgent job now, and the regions nobody covers. */
export function onCallRoster(partners: readonly Partner[]): OnCallRosterAnswer {
  return { ready: partners.filter((p) => canTakeUrgentNow(p)).map((p) => p.id), gaps: uncoveredRegions(partners) };
}
