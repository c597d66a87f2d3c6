/**
 * The business's partners, written once for both stores (steps.ts): the list, adding (or bringing
 * back a removed partner by their e-mail), changing, pausing, removing, and the spreadsheet's
 * import, which updates partners by e-mail so importing the same file twice doubles nothing.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { partner, type Partner, type PartnerInput } from '../../core/inbox-api/partners.ts';
import { all, one, run, NOW_MS, type Row, type Work } from './steps.ts';

/** A list column (regions, services, industries) is kept as a JSON array of strings. */
const listText = (values: readonly string[]) => JSON.stringify(values);
const stringList = z.array(z.string());
const textList = (value: unknown) => (value ? stringList.parse(JSON.parse(String(value))) : []);

const partnerRow = z.preprocess((v) => {
  const r = v as Row;
  return {
    ...r,
    regions: textList(r.regions),
    services: textList(r.services),
    industries: textList(r.industries),
    on_call: Boolean(Number(r.on_call)),
    on_call_now: Boolean(Number(r.on_call_now)),
    sms: Boolean(Number(r.sms)),
    page_revoked: Boolean(Number(r.page_revoked)),
    sms_stopped_at: r.sms_stopped_at === null || r.sms_stopped_at === undefined ? null : Number(r.sms_stopped_at),
    on_call_until: r.on_call_until === null || r.on_call_until === undefined ? null : Number(r.on_call_until),
    paused: Boolean(Number(r.paused)),
    created_at: Number(r.created_at),
    bounced_at: r.bounced_at === null || r.bounced_at === undefined ? null : Number(r.bounced_at),
  };
}, partner);

/**
 * Whether a partner is on call now, the one rule, on the database's clock: an on-call time the
 * partner set on their own page decides while it is set (on call until its end, off after it);
 * otherwise the switch in the inbox does.
 */
export const ON_CALL_NOW_OF = (alias?: string) => {
  const c = alias ? `${alias}.` : '';
  return `(CASE WHEN ${c}on_call_until IS NOT NULL THEN ${c}on_call_until > ${NOW_MS} ELSE ${c}on_call = TRUE END)`;
};
// Unqualified: it is also read in RETURNING, where SQLite takes the bare column names.
const ON_CALL_NOW = ON_CALL_NOW_OF();
/** Partners as every read takes them: with whether each is on call now. */
export const PARTNER_ROWS = `SELECT *, ${ON_CALL_NOW} AS on_call_now FROM partners`;

/** A row read back, checked: a region or service this release does not know fails loudly. */
export function toPartner(row: Row): Partner {
  return partnerRow.parse(row);
}

/** The partners not removed, by name. */
export function* listPartners(): Work<Partner[]> {
  return (yield* all(`${PARTNER_ROWS} WHERE removed_at IS NULL ORDER BY lower(name), email`)).map(toPartner);
}

/** When each partner was last offered any job (epoch ms), by partner id; none for those never offered one. */
export function* lastOfferedAt(): Work<Map<string, number>> {
  const rows = yield* all('SELECT partner_id, MAX(created_at) AS at FROM partner_offers GROUP BY partner_id');
  return new Map(rows.map((r) => [String(r.partner_id), Number(r.at)]));
}

export function* partnerById(id: string): Work<Partner | undefined> {
  const row = yield* one(`${PARTNER_ROWS} WHERE id = ? AND removed_at IS NULL`, id);
  return row ? toPartner(row) : undefined;
}

const COLUMNS = ['name', 'email', 'phone', 'kind', 'regions', 'services', 'industries', 'on_call', 'paused', 'sms'] as const;

function values(input: PartnerInput): unknown[] {
  return [
    input.name,
    input.email,
    input.phone,
    input.kind,
    listText(input.regions),
    listText(input.services),
    listText(input.industries),
    input.on_call,
    input.paused,
    input.sms,
  ];
}

/**
 * Adds a partner; a removed partner with the same e-mail comes back with these details. Undefined
 * when a partner with that e-mail is already on the list (however many owners add them at once).
 */
export function* addPartner(input: PartnerInput): Work<Partner | undefined> {
  const row = yield* one(
    `INSERT INTO partners (id, ${COLUMNS.join(', ')}, created_at, updated_at) VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ${NOW_MS}, ${NOW_MS})
     ON CONFLICT (email) DO UPDATE SET ${COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at, removed_at = NULL
     WHERE partners.removed_at IS NOT NULL RETURNING *, ${ON_CALL_NOW} AS on_call_now`,
    randomUUID(),
    ...values(input),
  );
  return row ? toPartner(row) : undefined;
}

export type PartnerChange = { ok: true; partner: Partner } | { ok: false; reason: 'missing' | 'email_taken' };

/** Changes what is given of a partner (pausing gives `paused` alone). */
export function* changePartner(
  id: string,
  { bounced, ...change }: { [K in keyof PartnerInput]?: PartnerInput[K] | undefined } & { bounced?: false | undefined },
): Work<PartnerChange> {
  const current = yield* partnerById(id);
  if (!current) return { ok: false, reason: 'missing' };
  // Someone fixed the address: dispatch offers them jobs again.
  if (bounced === false) yield* run('UPDATE partners SET bounced_at = NULL WHERE id = ?', id);
  const given = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const next: PartnerInput = { ...current, ...given };
  if (next.email !== current.email && (yield* one('SELECT id FROM partners WHERE email = ?', next.email))) return { ok: false, reason: 'email_taken' };
  // The owner's switch is the latest word on being on call: an on-call time the partner set ends with it.
  const clearsOwnTime = given.on_call !== undefined ? ', on_call_until = NULL' : '';
  // Someone in the inbox turned texts on: a STOP they replied earlier no longer holds.
  const clearsStop = given.sms === true ? ', sms_stopped_at = NULL' : '';
  const row = yield* one(
    `UPDATE partners SET ${COLUMNS.map((c) => `${c} = ?`).join(', ')}${clearsOwnTime}${clearsStop}, updated_at = ${NOW_MS} WHERE id = ? AND removed_at IS NULL RETURNING *, ${ON_CALL_NOW} AS on_call_now`,
    ...values(next),
    id,
  );
  return row ? { ok: true, partner: toPartner(row) } : { ok: false, reason: 'missing' };
}

/** Takes a partner off the list; undefined when there was none. */
export function* removePartner(id: string): Work<Partner | undefined> {
  // Their "Your jobs" links end with them, and none is made again from an offer sent before. A job
  // link still says the job is closed, but last_removed_at is never cleared, so after they are added
  // back (the same record, by e-mail) no offer made before it shows anything again (standingOf).
  const row = yield* one(
    `UPDATE partners SET removed_at = ${NOW_MS}, last_removed_at = ${NOW_MS}, updated_at = ${NOW_MS}, page_links_from = ${NOW_MS}
     WHERE id = ? AND removed_at IS NULL RETURNING *, ${ON_CALL_NOW} AS on_call_now`,
    id,
  );
  if (!row) return undefined;
  yield* run('DELETE FROM partner_page_links WHERE partner_id = ?', id);
  return toPartner(row);
}

// A file read again must not undo a partner's STOP: only their START or a tick in the inbox does.
const KEEP_STOP = 'sms = CASE WHEN partners.sms_stopped_at IS NULL THEN excluded.sms ELSE partners.sms END';

/**
 * The spreadsheet's partners, in one transaction: a partner whose e-mail is known is updated (a
 * removed one comes back; whether they are paused stays as the inbox set it, and texts stay off for
 * one who replied STOP, whatever the sheet says), any other is added.
 */
export function* importPartners(inputs: readonly Omit<PartnerInput, 'paused'>[]): Work<{ added: number; updated: number }> {
  let added = 0;
  for (const input of inputs) {
    const known = yield* one('SELECT id FROM partners WHERE email = ?', input.email);
    const settable = COLUMNS.filter((c) => c !== 'paused');
    yield* run(
      `INSERT INTO partners (id, ${COLUMNS.join(', ')}, created_at, updated_at) VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ${NOW_MS}, ${NOW_MS})
       ON CONFLICT (email) DO UPDATE SET ${settable.map((c) => (c === 'sms' ? KEEP_STOP : `${c} = excluded.${c}`)).join(', ')}, updated_at = excluded.updated_at, removed_at = NULL`,
      randomUUID(),
      ...values({ ...input, paused: false }),
    );
    if (!known) added++;
  }
  return { added, updated: inputs.length - added };
}
