/**
 * Texts to the customers of leads, written once for both stores (steps.ts): each text sent, by the
 * provider's id, with the number it went to, what kind it was and what it was about (the offer of
 * the partner it named, or 'business'); the numbers that replied STOP; and the reads the customer's
 * updates need. What is sent, and when, is the dispatch rules' (server/dispatch/customer-updates.ts).
 */
import { all, one, run, NOW_MS, type Work } from './steps.ts';
import { DAY_MS } from '../../core/nz-time.ts';

/** A customer's reply finds the lead of the last text we sent their number within this long. */
const REPLY_WINDOW_MS = 30 * DAY_MS;

/** Keeps a text the provider took for a lead's customer (once, however often it is recorded). */
export function* recordCustomerText(text: { sid: string; leadId: string; phone: string; kind: string; about: string; status: string }): Work<void> {
  yield* run(
    `INSERT INTO customer_texts (sid, lead_id, phone, kind, about, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ${NOW_MS}, ${NOW_MS})
     ON CONFLICT (sid) DO NOTHING`,
    text.sid,
    text.leadId,
    text.phone,
    text.kind,
    text.about,
    text.status,
  );
}

/** Whether a text of this kind (and about this, when given) already went to the lead's customer. */
export function* customerTextSent(leadId: string, kind: string, about?: string): Work<boolean> {
  const row = yield* one(
    `SELECT 1 AS yes FROM customer_texts WHERE lead_id = ? AND kind = ?${about === undefined ? '' : ' AND about = ?'}`,
    leadId,
    kind,
    ...(about === undefined ? [] : [about]),
  );
  return Boolean(row);
}

/** Whether the number (E.164) replied STOP and has not replied START since. */
export function* textsStoppedFor(phone: string): Work<boolean> {
  return Boolean(yield* one('SELECT 1 AS yes FROM text_opt_outs WHERE phone = ?', phone));
}

/** A STOP (true) or START (false) from a customer's number (E.164). */
export function* setCustomerTextsStopped(phone: string, stopped: boolean): Work<void> {
  if (stopped) yield* run(`INSERT INTO text_opt_outs (phone, stopped_at) VALUES (?, ${NOW_MS}) ON CONFLICT (phone) DO NOTHING`, phone);
  else yield* run('DELETE FROM text_opt_outs WHERE phone = ?', phone);
}

/** The lead whose customer we last texted at this number (E.164) within the last 30 days, if any. */
export function* leadTextedAt(phone: string): Work<string | undefined> {
  const row = yield* one(
    `SELECT t.lead_id FROM customer_texts t JOIN leads l ON l.id = t.lead_id WHERE t.phone = ? AND t.created_at > ${NOW_MS} - ? ORDER BY t.created_at DESC LIMIT 1`,
    phone,
    REPLY_WINDOW_MS,
  );
  return row ? String(row.lead_id) : undefined;
}

/**
 * Urgent leads (spam left out) that arrived between `from` and `to` and that nobody has committed to:
 * still New (nobody of the business has worked them), no partner ever accepted, nobody woken
 * acknowledged, and not yet told so.
 */
export function* uncommittedUrgentLeads(from: Date, to: Date): Work<string[]> {
  const rows = yield* all(
    `SELECT id FROM leads l WHERE urgent = TRUE AND spam = FALSE AND status = 'new' AND created_at >= ? AND created_at <= ?
     AND NOT EXISTS (SELECT 1 FROM partner_offers o WHERE o.lead_id = l.id AND o.accepted_at IS NOT NULL)
     AND NOT EXISTS (SELECT 1 FROM ladder_runs r WHERE r.lead_id = l.id AND r.acknowledged_at IS NOT NULL)
     AND NOT EXISTS (SELECT 1 FROM outbox j WHERE j.lead_id = l.id AND j.purpose IN ('customer-nobody', 'customer-nobody-email'))
     ORDER BY created_at, id`,
    from.toISOString(),
    to.toISOString(),
  );
  return rows.map((r) => String(r.id));
}

/** Whether anyone ever committed to this lead's job: a partner accepted (even if later handed back), or a person woken acknowledged it. */
export function* everCommitted(leadId: string): Work<boolean> {
  return Boolean(
    (yield* one('SELECT 1 AS yes FROM partner_offers WHERE lead_id = ? AND accepted_at IS NOT NULL', leadId)) ??
    (yield* one('SELECT 1 AS yes FROM ladder_runs WHERE lead_id = ? AND acknowledged_at IS NOT NULL', leadId)),
  );
}

/** The address of the person of the business who acknowledged the lead's ladder, if anyone did. */
export function* acknowledgedEmail(leadId: string): Work<string | undefined> {
  const row = yield* one('SELECT acknowledged_email FROM ladder_runs WHERE lead_id = ? AND acknowledged_at IS NOT NULL', leadId);
  return row?.acknowledged_email ? String(row.acknowledged_email) : undefined;
}
