/**
 * The parts every e-mail of the business is made of: the page (one column a phone can read), its
 * title and section headings, a button a thumb can hit, and a list of facts. Styles stay inline,
 * as e-mail clients need them; React writes them out as `style="…"` in the order given here.
 */
import { h, type CSSProperties, type ReactElement, type ReactNode } from './render.ts';

const font = '-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif';

/** `<html>` with the head every e-mail has (charset, phone viewport, its title) and a styled `<body>`. */
export function EmailDocument({ title, bodyStyle, children }: { title: string; bodyStyle: CSSProperties; children?: ReactNode }): ReactElement {
  return h(
    'html',
    { lang: 'en-NZ' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }), h('title', null, title)),
    h('body', { style: bodyStyle }, children),
  );
}

/** The page every e-mail to the business (and to partners) is: one white column on grey, 600 px at most. */
export function EmailPage({ title, children }: { title: string; children?: ReactNode }): ReactElement {
  return h(
    EmailDocument,
    { title, bodyStyle: { margin: '0', padding: '0', background: '#f1f5f9' } },
    h(
      'div',
      {
        style: {
          maxWidth: '600px',
          margin: '0 auto',
          padding: '16px',
          background: '#ffffff',
          fontFamily: font,
          fontSize: '16px',
          lineHeight: '1.5',
          color: '#0f172a',
          overflowWrap: 'anywhere',
        },
      },
      children,
    ),
  );
}

/** The e-mail's own heading (nudges, reminders, the digest, the partners' e-mails). */
export function Title({ children }: { children?: ReactNode }): ReactElement {
  return h('h1', { style: { fontSize: '20px', margin: '0 0 12px' } }, children);
}

/** A section heading. */
export function Heading({ children }: { children?: ReactNode }): ReactElement {
  return h('h2', { style: { fontSize: '17px', margin: '24px 0 8px', color: '#0a2540' } }, children);
}

const buttonStyle: CSSProperties = {
  display: 'block',
  padding: '14px 16px',
  margin: '0 0 10px',
  borderRadius: '8px',
  fontWeight: '700',
  fontSize: '17px',
  textAlign: 'center',
  textDecoration: 'none',
};

const toneColours: Record<ButtonTone, CSSProperties> = {
  filled: { background: '#0b5ea8', color: '#ffffff' },
  outlined: { background: '#ffffff', color: '#0b5ea8', border: '2px solid #0b5ea8' },
  alert: { background: '#b91c1c', color: '#ffffff' },
};

/** `filled` for the one thing to do first, `outlined` for the others, `alert` for an emergency call. */
export type ButtonTone = 'filled' | 'outlined' | 'alert';

/** A link as a full-width button. */
export function Button({ href, tone, children }: { href: string; tone: ButtonTone; children?: ReactNode }): ReactElement {
  return h('a', { href, style: { ...buttonStyle, ...toneColours[tone] } }, children);
}

export interface Fact {
  label: string;
  value: string;
}

/** "Label: **value**" lines as a list. */
export function FactList({ facts }: { facts: readonly Fact[] }): ReactElement {
  return h(
    'ul',
    { style: { paddingLeft: '20px', margin: '0 0 12px' } },
    facts.map((f, i) => h('li', { key: i }, `${f.label}: `, h('strong', null, f.value))),
  );
}
