/**
 * An e-mail is one list of blocks rendered twice: the text part and the HTML part must say the
 * same words, the HTML part must escape them, and a link must reach a text-only reader as its
 * address (a web link) or its words (a phone number).
 */
import { describe, expect, it } from 'vitest';
import { composeMail, mailText, type Block, type MailContent } from '../../server/outbox/mail-model.ts';
import { mailHtml } from '../../server/html/mail-html.ts';

const HOSTILE = `Ana <script>alert(1)</script> "Co" & 'Sons'`;

const content: MailContent = {
  subject: `Job offer: ${HOSTILE}`,
  sections: [
    [{ kind: 'title' }, { kind: 'paragraph', content: ['Intro for ', { strong: HOSTILE }, '.'] }],
    [
      { kind: 'banner', text: 'URGENT', detail: 'a repair call-out' },
      { kind: 'heading', text: 'Notes' },
      { kind: 'paragraph', content: [`line one\n${HOSTILE}`], look: 'pre' },
      { kind: 'facts', facts: [{ label: 'City', value: HOSTILE }] },
      { kind: 'facts', facts: [{ label: 'Units', value: '2–3' }], look: 'table' },
      { kind: 'list', items: [[{ strong: 'Partner' }, ' (', { href: 'tel:+6421555', text: '021 555' }, ')', ': declined']] },
      { kind: 'links', items: [{ text: 'Kai Cafe, arrived 7 pm', href: 'https://www.example.nz/inbox/?lead=1&x=<b>' }] },
      false,
      undefined,
    ],
    [
      {
        kind: 'paragraph',
        content: [{ href: 'https://www.example.nz/jobs?t=j', text: 'Your jobs', look: 'strong' }, ': every job on one page'],
        look: 'muted',
      },
      {
        kind: 'buttons',
        buttons: [
          { href: 'https://www.example.nz/offer?t=1', label: 'Open the job', tone: 'filled' },
          { href: 'tel:+6421555', label: 'Call 021 555', tone: 'outlined', plain: 'Phone: 021 555' },
          { href: 'mailto:ana@example.nz', label: 'E-mail Ana', tone: 'outlined', plain: null },
        ],
      },
      { kind: 'spacer' },
      { kind: 'lines', lines: ['Reply to this e-mail.', 'The business'] },
    ],
    [],
  ],
};

/** What a reader of the HTML part sees: the text of the markup, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<title>.*?<\/title>/s, '')
    .replace(/<br\/?>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The words of every block, as they must appear in both parts. */
function wordsOf(block: Block): string[] {
  switch (block.kind) {
    case 'title':
      return block.text ? [block.text] : [];
    case 'heading':
    case 'banner':
      return [block.text];
    case 'paragraph':
    case 'list':
      return (block.kind === 'list' ? block.items.flat() : block.content).map((part) =>
        typeof part === 'string' ? part : 'strong' in part ? part.strong : part.text,
      );
    case 'lines':
      return block.lines;
    case 'facts':
      return block.facts.flatMap((f) => [f.label, f.value]);
    case 'links':
      return block.items.map((i) => i.text);
    case 'buttons':
      return block.buttons.filter((b) => /^https?:/.test(b.href)).map((b) => b.label);
    case 'spacer':
      return [];
  }
}

describe('the mail model', () => {
  const text = mailText(content);
  const html = mailHtml(content);
  const blocks = content.sections.flat().filter((b): b is Block => Boolean(b));

  it('says every word of every block in both the text part and the HTML part', () => {
    const words = blocks.flatMap(wordsOf).flatMap((w) => w.split('\n'));
    expect(words.length).toBeGreaterThan(15);
    const seen = visibleText(html);
    for (const word of words) {
      expect(text, `text part: ${word}`).toContain(word);
      expect(seen, `HTML part: ${word}`).toContain(word);
    }
  });

  it('escapes everything in the HTML part, and leaves the text part as typed', () => {
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('x=<b>');
    expect(text).toContain(HOSTILE);
  });

  it('writes a web link out as its address in the text part, and a phone or e-mail button as its words', () => {
    expect(text).toContain('Your jobs: every job on one page\nhttps://www.example.nz/jobs?t=j');
    expect(text).toContain('Open the job: https://www.example.nz/offer?t=1');
    expect(text).toContain('- Kai Cafe, arrived 7 pm: https://www.example.nz/inbox/?lead=1&x=<b>');
    expect(text).toContain('- Partner (021 555): declined');
    expect(text).toContain('Phone: 021 555');
    expect(text).not.toMatch(/tel:|mailto:|E-mail Ana/);
    expect(html).toContain('href="https://www.example.nz/jobs?t=j"');
    expect(html).toContain('href="tel:+6421555"');
    expect(html).toContain('href="mailto:ana@example.nz"');
  });

  it('heads the HTML part with the subject, which the text part leaves to the subject line', () => {
    expect(html).toMatch(/<h1[^>]*>Job offer: Ana &lt;script&gt;/);
    expect(text.startsWith('Intro for ')).toBe(true);
  });

  it('separates sections by one blank line and leaves out empty ones and missing blocks', () => {
    expect(text.split('\n\n')).toHaveLength(3);
    expect(text).toContain('\nNotes:\n');
    expect(mailText({ ...content, headings: 'capitals' })).toContain('\nNOTES\n');
    expect(text.endsWith('Reply to this e-mail.\nThe business')).toBe(true);
  });

  it('gives a composed mail its two parts from its blocks', () => {
    const mail = composeMail({ ...content, to: 'ana@example.nz', messageId: '<m@example.nz>' });
    expect(mail.text).toBe(text);
    expect(mail.html).toBe(html);
    // Spread (as a send on demand is re-dated) it still carries its parts.
    expect({ ...mail }.text).toBe(text);
  });
});
