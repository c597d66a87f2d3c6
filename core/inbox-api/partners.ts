/**
 * The business's partners (suppliers and technicians, who have no account): the list everyone in
 * the inbox reads, and what owners send to add or change one. The spreadsheet import checks its
 * rows with the same schema, so a partner added either way is the same partner.
 */
import { z } from 'zod';
import { cleanOneLine } from '../lead/schema.ts';
import { partnerIndustries, partnerKinds, partnerRegions, partnerServices, partnerSheetLimits } from '../partner/kinds.ts';
import { emailAddress } from './session.ts';
import { recordId } from './leads.ts';
import { NOT_A_MOBILE, textsByDefault, textsCanReach } from '../partner/texts.ts';

const oneLine = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform(cleanOneLine)
    .pipe(z.string().max(max));

/** A list of choices, each once, in the list's own order whatever order they came in. */
function choices<T extends string>(options: readonly [T, ...T[]]) {
  return z
    .array(z.enum(options))
    .max(options.length * 2)
    .transform((picked) => options.filter((o) => picked.includes(o)));
}

const partnerFields = {
  name: oneLine(120).pipe(z.string().min(1)),
  email: emailAddress,
  phone: oneLine(40),
  kind: z.enum(partnerKinds),
  regions: choices(partnerRegions).refine((l) => l.length > 0),
  services: choices(partnerServices).refine((l) => l.length > 0),
  industries: choices(partnerIndustries),
  on_call: z.boolean(),
  paused: z.boolean(),
  /** Urgent offers also by text message to their phone, which must then be a New Zealand mobile. */
  sms: z.boolean(),
};

/** A new partner: everything but the phone, the industries, on call and paused must be given. */
export const partnerBody = z
  .object({
    ...partnerFields,
    phone: partnerFields.phone.default(''),
    industries: partnerFields.industries.default([]),
    on_call: partnerFields.on_call.default(false),
    paused: partnerFields.paused.default(false),
    sms: partnerFields.sms.optional(),
  })
  .transform(({ sms, ...p }) => ({ ...p, sms: sms ?? textsByDefault(p) }))
  .refine(textsCanReach, { path: ['phone'], message: NOT_A_MOBILE });
export type PartnerInput = z.output<typeof partnerBody>;

/** A change to a partner: only what is sent changes (pausing sends `paused` alone; `bounced: false` clears a bounce once the address is fixed). */
export const partnerChangeBody = z.object({ ...partnerFields, bounced: z.literal(false) }).partial();

export const partner = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  kind: z.enum(partnerKinds),
  regions: z.array(z.enum(partnerRegions)),
  services: z.array(z.enum(partnerServices)),
  industries: z.array(z.enum(partnerIndustries)),
  on_call: z.boolean(),
  /** Whether they are on call now: their own on-call time while it is set, otherwise the inbox's switch. */
  on_call_now: z.boolean().default(false),
  /** The end of the on-call time they set on their own page (epoch ms); null when they set none. */
  on_call_until: z.number().nullable().default(null),
  paused: z.boolean(),
  sms: z.boolean().default(false),
  /** When they replied STOP to a text: texts stay off until they reply START or someone turns them on. */
  sms_stopped_at: z.number().nullable().default(null),
  /** The owner turned their "Your jobs" page off. */
  page_revoked: z.boolean().default(false),
  created_at: z.number(),
  /** When an offer e-mail to them was refused by their mail server: dispatch skips them until this is cleared. */
  bounced_at: z.number().nullable().default(null),
});
export type Partner = z.output<typeof partner>;

/**
 * The partners who can take an urgent job now in the order automatic dispatch tries them for an
 * urgent job they all cover: fairest first, the one offered any job least recently (never before
 * anyone), then by name. Each with when they were last offered a job, epoch ms.
 */
export const onCallOrder = z.array(z.object({ id: z.string(), last_offered_at: z.number().nullable() }));
export type OnCallTurn = z.output<typeof onCallOrder>[number];

/**
 * Who can take an urgent job now, by the server's one rule and clock: the ids of those partners, and
 * the regions none of them works in.
 */
export const onCallRoster = z.object({ ready: z.array(z.string()), gaps: z.array(z.enum(partnerRegions)) });
export type OnCallRosterAnswer = z.output<typeof onCallRoster>;

export const partnerList = z.object({ partners: z.array(partner), on_call_order: onCallOrder, roster: onCallRoster });
export const partnerAnswer = z.object({ partner });

/**
 * The spreadsheet as the owner uploads it from the Partners page: the CSV file's text, read as the
 * command line's import reads it, within partnerSheetLimits.
 */
export const partnerImportBody = z.object({ csv: z.string().min(1).max(partnerSheetLimits.chars) });
export const partnerImportAnswer = z.object({ added: z.number().int(), updated: z.number().int() });

export const partnerIdParams = z.object({ id: recordId });

/** A new link to a partner's "Your jobs" page, given to the owner this once (only its hash is kept). */
export const partnerPageLinkAnswer = z.object({ link: z.string() });
