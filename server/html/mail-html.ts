/**
 * The HTML part of an e-mail, rendered from its blocks (outbox/mail-model.ts) with the e-mail parts.
 * Every word in a block is a text child or an attribute value, so React escapes all of it: nothing a
 * visitor or a partner typed can become markup in an e-mail.
 */
import { h, renderDocument, type CSSProperties, type ReactElement, type ReactNode } from './render.ts';
import { Button, EmailDocument, EmailPage, FactList, Heading, Title, type Fact } from './email-parts.ts';
import type { Block, Inline, MailContent, ParagraphLook } from '../outbox/mail-model.ts';

const paragraphStyles: Record<ParagraphLook, CSSProperties | undefined> = {
  plain: undefined,
  tight: { margin: '0 0 8px' },
  strong: { fontWeight: '700', margin: '0 0 8px' },
  bold: { fontWeight: '700' },
  alert: { fontWeight: '700', color: '#b91c1c' },
  muted: { color: '#475569' },
  pre: { whiteSpace: 'pre-wrap' },
  preTight: { margin: '0 0 8px', whiteSpace: 'pre-wrap' },
  preFlush: { margin: '0', whiteSpace: 'pre-wrap' },
  note: { margin: '0 0 16px', fontWeight: '700' },
  summary: { margin: '4px 0 16px', color: '#334155' },
  quiet: { margin: '0 0 10px', color: '#475569' },
  footer: { margin: '24px 0 0', fontSize: '14px', color: '#475569' },
};

const linkStyles = {
  plain: { color: '#0b5ea8' },
  strong: { fontWeight: '700', color: '#0b5ea8' },
  alert: { fontWeight: '700', color: '#b91c1c' },
} satisfies Record<string, CSSProperties>;

const buttonSpace = { around: '16px 0', above: '16px 0 0', wide: '20px 0 0' } as const;

const listStyles = { indented: { paddingLeft: '20px', margin: '0 0 12px' }, flush: { margin: '0', paddingLeft: '20px' }, bare: undefined };

/** The acknowledgement's plain page: no grey around the column, its own heading sizes. */
const plainPage = {
  body: {
    margin: '0',
    padding: '16px',
    fontFamily: '-apple-system,BlinkMacSystemFont,Roboto,Arial,sans-serif',
    fontSize: '16px',
    lineHeight: '1.5',
    color: '#0f172a',
  },
  title: { fontSize: '22px', margin: '0 0 12px' },
  heading: { fontSize: '17px', margin: '20px 0 8px' },
} satisfies Record<string, CSSProperties>;

function inlines(content: readonly Inline[]): ReactNode[] {
  return content.map((part, i) => {
    if (typeof part === 'string') return part;
    if ('strong' in part) return h('strong', { key: i }, part.strong);
    return h('a', { key: i, href: part.href, style: linkStyles[part.look ?? 'plain'] }, part.text);
  });
}

/** `valign` is obsolete on <th> (React's types leave it out), but older mail clients still read it. */
const topAligned = { valign: 'top' } as const;

/** Facts as label and value rows (no <tbody>: the e-mail's markup stays what mail clients were tested with). */
function FactTable({ facts }: { facts: readonly Fact[] }): ReactElement {
  return h(
    'table',
    { cellSpacing: '0', cellPadding: '0' },
    facts.map((f, i) =>
      h(
        'tr',
        { key: i },
        h('th', { align: 'left', ...topAligned, style: { padding: '4px 12px 4px 0', fontWeight: '600' } }, f.label),
        h('td', { style: { padding: '4px 0' } }, f.value),
      ),
    ),
  );
}

function blockHtml(block: Block, key: number, { plain, subject }: { plain: boolean; subject: string }): ReactNode {
  switch (block.kind) {
    case 'title': {
      const text = block.text ?? subject;
      if (block.look === 'name') return h('h1', { key, style: { fontSize: '22px', lineHeight: '1.25', margin: '0' } }, text);
      return plain ? h('h1', { key, style: plainPage.title }, text) : h(Title, { key }, text);
    }
    case 'heading':
      return plain ? h('h2', { key, style: plainPage.heading }, block.text) : h(Heading, { key }, block.text);
    case 'paragraph':
      return h('p', { key, style: paragraphStyles[block.look ?? 'plain'] }, ...inlines(block.content));
    case 'lines':
      return h(
        'p',
        { key, style: paragraphStyles[block.look ?? 'plain'] },
        block.lines.flatMap((line, i) => (i ? [h('br', { key: i }), line] : [line])),
      );
    case 'facts':
      return block.look === 'table' ? h(FactTable, { key, facts: block.facts }) : h(FactList, { key, facts: block.facts });
    case 'list':
      return h(
        'ul',
        { key, style: listStyles[block.look ?? 'indented'] },
        block.items.map((item, i) => h('li', { key: i }, ...inlines(item))),
      );
    case 'links':
      return h(
        'ul',
        { key, style: listStyles.indented },
        block.items.map((item, i) => h('li', { key: i }, h('a', { href: item.href, style: linkStyles.plain }, item.text))),
      );
    case 'buttons': {
      const buttons = block.buttons.map((b, i) => h(Button, { key: i, href: b.href, tone: b.tone }, b.label));
      const space = block.space ?? 'around';
      return space === 'none' ? buttons : h('p', { key, style: { margin: buttonSpace[space] } }, buttons);
    }
    case 'banner':
      return h(
        'p',
        { key, style: { margin: '0 0 16px', padding: '12px 14px', borderRadius: '8px', background: '#b91c1c', color: '#ffffff', fontWeight: '700' } },
        block.text,
        h('br'),
        h('span', { style: { fontWeight: '400' } }, block.detail),
      );
    case 'spacer':
      return h('div', { key, style: { height: '12px' } });
  }
}

/** The whole HTML part: the page, then every block of every section in order. */
export function mailHtml(mail: MailContent): string {
  const plain = mail.page === 'plain';
  const blocks = mail.sections.flat().filter((b): b is Block => Boolean(b));
  const content = blocks.map((block, i) => blockHtml(block, i, { plain, subject: mail.subject }));
  return renderDocument(
    plain
      ? h(EmailDocument, { title: mail.subject, bodyStyle: plainPage.body }, h('div', { style: { maxWidth: '600px', margin: '0 auto' } }, content))
      : h(EmailPage, { title: mail.subject }, content),
  );
}
