/**
 * Every e-mail the server sends is written once, as a list of typed blocks, and rendered twice:
 * to the HTML part (mail-html.ts, from the parts in email-parts.ts) and to the plain-text part
 * (here). A block says what it is (a title, a paragraph, a list of facts, a button); how each
 * part shows it is decided by the renderers alone, so the two parts cannot say different things.
 *
 * The text part is made of sections: the blocks of one section are consecutive lines, sections are
 * separated by a blank line. The HTML part ignores the sections and shows the blocks in order.
 */
import type { Fact } from '../html/email-parts.ts';
import { mailHtml } from '../html/mail-html.ts';

export type { Fact };

/**
 * A link inside a paragraph or list. In the text part a web link's address follows its line; a
 * tel:, mailto: or sms: link is read by its words, or by `plain` where those words need the number.
 */
export interface Link {
  href: string;
  text: string;
  /** 'strong': bold in the link colour (a phone number, "Your jobs"); 'alert': bold red (the emergency line). */
  look?: 'strong' | 'alert';
  plain?: string;
}

/** A run of text: plain, bold, or a link. */
export type Inline = string | { strong: string } | Link;

/** A link shown as a full-width button. */
export interface Button {
  href: string;
  label: string;
  /** 'filled' for the one thing to do first, 'outlined' for the others, 'alert' for an emergency call. */
  tone: 'filled' | 'outlined' | 'alert';
  /**
   * What the text part says for a button that dials or writes (tel:, mailto:), where nothing can be
   * pressed: the number or address spelled out. null: nothing, as the text beside it already has it.
   */
  plain?: string | null;
}

/** How a paragraph looks in the HTML part; the text part shows them all alike. */
export type ParagraphLook =
  'plain' | 'tight' | 'strong' | 'bold' | 'alert' | 'muted' | 'pre' | 'preTight' | 'preFlush' | 'note' | 'summary' | 'quiet' | 'footer';

export type Block =
  /**
   * The e-mail's heading: `text`, or else the subject, which the text part then leaves out (its
   * reader has the subject line). `name`: the lead's own e-mail, headed by the person's name.
   */
  | { kind: 'title'; text?: string; look?: 'name' }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; content: Inline[]; look?: ParagraphLook }
  /** Short lines kept together (a sign-off under a hint): line breaks in HTML. */
  | { kind: 'lines'; lines: string[]; look?: ParagraphLook }
  /** "Label: value" lines: a list with bold values, or a two-column table. */
  | { kind: 'facts'; facts: readonly Fact[]; look?: 'list' | 'table' }
  /** A bulleted list. `flush`: no space under it; `bare`: the browser's own list style. */
  | { kind: 'list'; items: Inline[][]; look?: 'flush' | 'bare' }
  /** A list of which every item is a link (the night's leads): "- words: address" in the text part. */
  | { kind: 'links'; items: { text: string; href: string }[] }
  /** `space`: the margin around the buttons (none: the buttons stand alone). */
  | { kind: 'buttons'; buttons: Button[]; space?: 'around' | 'above' | 'wide' | 'none' }
  /** A red box with a bold line and a detail under it (an urgent lead). */
  | { kind: 'banner'; text: string; detail: string }
  /** A little room where a section has no heading (the digest). */
  | { kind: 'spacer' };

/** One e-mail's words: everything its text and HTML parts are rendered from. */
export interface MailContent {
  subject: string;
  /** How the text part writes a heading: in capitals, or followed by a colon (the default). */
  headings?: 'capitals' | 'colon';
  /** The page: one white column on grey (the default), or plain white with the column alone (the acknowledgement). */
  page?: 'column' | 'plain';
  /** Sections of blocks; a section with nothing to show (false, undefined) is left out. */
  sections: (Block | false | undefined | '')[][];
}

/** Where and how an e-mail goes, besides its words. */
export interface MailEnvelope {
  to: string | string[];
  /** Derived from what the e-mail is about, so mail clients fold a repeated send; none: the mail server makes one. */
  messageId?: string;
  /** Sent as high priority (an urgent lead, an escalation). */
  urgent?: boolean;
  headers?: Record<string, string>;
}

/** An e-mail ready to send: its words, its envelope, and the two parts rendered from those words. */
export interface Mail extends MailContent, MailEnvelope {
  readonly text: string;
  readonly html: string;
}

/** The one way an e-mail is made: its content and envelope, with both parts rendered from the content. */
export function composeMail(content: MailContent & MailEnvelope): Mail {
  return {
    ...content,
    get text() {
      return mailText(content);
    },
    get html() {
      return mailHtml(content);
    },
  };
}

/** Whether this link leaves the e-mail for the web (its address is then written out in the text part). */
export const isWebLink = (href: string) => /^https?:/i.test(href);

export const isLink = (inline: Inline): inline is Link => typeof inline === 'object' && 'href' in inline;

function inlineText(content: readonly Inline[]): string {
  return content.map((part) => (typeof part === 'string' ? part : isLink(part) ? (part.plain ?? part.text) : part.strong)).join('');
}

/** The addresses of the web links in `content` whose words are not already the address. */
function webAddresses(content: readonly Inline[]): string[] {
  return content.filter(isLink).flatMap((link) => (isWebLink(link.href) && link.text !== link.href ? [link.href] : []));
}

function buttonText(button: Button): string[] {
  if (isWebLink(button.href)) return [`${button.label}: ${button.href}`];
  if (button.plain === null) return [];
  return [button.plain ?? button.label];
}

function blockText(block: Block, mail: MailContent): string[] {
  switch (block.kind) {
    case 'title':
      return block.text === undefined ? [] : [block.text];
    case 'heading':
      return [mail.headings === 'capitals' ? block.text.toUpperCase() : `${block.text}:`];
    case 'paragraph':
      return [inlineText(block.content), ...webAddresses(block.content)];
    case 'lines':
      return block.lines;
    case 'facts':
      return block.facts.map((f) => `${f.label}: ${f.value}`);
    case 'list':
      return block.items.map((item) => `- ${inlineText(item)}`);
    case 'links':
      return block.items.map((item) => `- ${item.text}: ${item.href}`);
    case 'buttons':
      return block.buttons.flatMap(buttonText);
    case 'banner':
      return [`${block.text} (${block.detail})`];
    case 'spacer':
      return [];
  }
}

/** The blocks of a section that are there (the rest are conditions that did not hold). */
export const blocksOf = (section: MailContent['sections'][number]): Block[] => section.filter((b): b is Block => Boolean(b));

/** The plain-text part: each section's lines, a blank line between sections. */
export function mailText(mail: MailContent): string {
  return mail.sections
    .map((section) => blocksOf(section).flatMap((block) => blockText(block, mail)))
    .filter((lines) => lines.length > 0)
    .map((lines) => lines.join('\n'))
    .join('\n\n');
}
