/**
 * A mailto: link to one address. The address is percent-encoded (its @ kept, as mail apps expect),
 * so a typed address holding ?, & or %40 cannot add a recipient, a header or a body.
 */
export function mailtoHref(address: string, { subject }: { subject?: string } = {}): string {
  const to = encodeURIComponent(address).replace(/%40/g, '@');
  return subject ? `mailto:${to}?subject=${encodeURIComponent(subject)}` : `mailto:${to}`;
}
