import { describe, expect, it } from 'vitest';
import { mailtoHref } from '../../core/mailto.ts';

describe('mailtoHref', () => {
  it('keeps a typed address to one recipient: ?, & and %40 in it add no header or recipient', () => {
    const href = mailtoHref('x?cc=evil%40attacker.test@example.test');
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe('x?cc=evil%40attacker.test@example.test');
    expect(href).not.toMatch(/[?&]cc=/i);
    const withSubject = new URL(mailtoHref('a&bcc=b@example.test', { subject: 'Your quote & more' }));
    expect([...withSubject.searchParams.keys()]).toEqual(['subject']);
    expect(withSubject.searchParams.get('subject')).toBe('Your quote & more');
  });

  it('leaves an ordinary address readable', () => {
    expect(mailtoHref('mere@kaicafe.co.nz')).toBe('mailto:mere@kaicafe.co.nz');
    expect(mailtoHref('mere@kaicafe.co.nz', { subject: 'Re: quote' })).toBe('mailto:mere@kaicafe.co.nz?subject=Re%3A%20quote');
  });
});
