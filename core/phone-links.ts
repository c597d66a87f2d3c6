/** Links that dial or text a phone number as people type it. */

/** The number as a `tel:` link (digits and a leading +), or undefined when it has too few digits to dial. */
export function telHref(phone: string): string | undefined {
  const dial = phone.trim().replace(/(?!^\+)[^\d]/g, '');
  return dial.replace(/\D/g, '').length >= 6 ? `tel:${dial}` : undefined;
}

/** An sms: link for a phone number as typed (digits and a leading +), or undefined when there are too few digits. */
export function smsHref(phone: string): string | undefined {
  const tel = telHref(phone);
  return tel ? `sms:${tel.slice('tel:'.length)}` : undefined;
}
