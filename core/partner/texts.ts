/**
 * When a partner is texted, as plain rules the inbox app, the API's schema and the spreadsheet's
 * import share (no zod here: the app bundles this file).
 */
import { isNzMobile } from './nz-mobile.ts';
import type { PartnerKind } from './kinds.ts';

/**
 * Whether texts are on for a partner whose owner did not say: on for an on-call technician (or a
 * supplier and technician) with a mobile number, the one an urgent job wakes at night.
 */
export function textsByDefault(p: { on_call: boolean; kind: PartnerKind; phone: string }): boolean {
  return p.on_call && p.kind !== 'supplier' && isNzMobile(p.phone);
}

/** Texts go to the partner's phone: with texts on it must be a mobile (a landline with texts off is fine). */
export function textsCanReach(p: { sms?: boolean | undefined; phone?: string | undefined }): boolean {
  return !p.sms || isNzMobile(p.phone ?? '');
}

/** The message of the schema's refusal when texts are on and the phone is no mobile, which the server turns into its sentence. */
export const NOT_A_MOBILE = 'not a mobile';
