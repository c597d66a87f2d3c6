/**
 * What makes a lead urgent: the urgent timeframe, a repair call-out, or a request sent from the
 * emergency page. The choices are taken from the form's own lists, so renaming an option in
 * fields.ts cannot silently turn urgent leads into ordinary ones. The e-mail's subject and the
 * inbox's ordering both use this one rule, and so does the thank-you page a visitor is sent to.
 */
import { leadRoutes } from '../business.ts';
// The choice lists from fields.ts, not schema.ts: the quote form's script uses this rule too, and
// must not pull zod into the page.
import { siteTypes, timeframes } from './fields.ts';
import type { Lead } from './schema.ts';

export const urgentWhen = {
  timeframe: timeframes[0],
  siteType: siteTypes[2],
  path: leadRoutes.emergency,
} as const satisfies { timeframe: (typeof timeframes)[number]; siteType: (typeof siteTypes)[number]; path: string };

export type UrgencyReason = keyof typeof urgentWhen;

type UrgencyFields = Pick<Lead, 'timeframe' | 'site_type' | 'path'>;

/** Which of the three urgent conditions a lead meets, in a fixed order; empty when none. */
export function urgencyReasons(lead: UrgencyFields): UrgencyReason[] {
  const reasons: UrgencyReason[] = [];
  if (lead.timeframe === urgentWhen.timeframe) reasons.push('timeframe');
  if (lead.site_type === urgentWhen.siteType) reasons.push('siteType');
  if (lead.path === urgentWhen.path || lead.path.startsWith(`${urgentWhen.path}/`)) reasons.push('path');
  return reasons;
}

export function isUrgent(lead: UrgencyFields): boolean {
  return urgencyReasons(lead).length > 0;
}
