/**
 * What a version card shows of a changed article text: the paragraphs that differ, as words, not the
 * first few hundred characters of Markdown both sides share.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldChanges, plainWords } from '../../core/content-diff.ts';

const file = readFileSync(join(import.meta.dirname, '../../src/content/guides/commercial-fridge-prices-nz.mdx'), 'utf8');
const body = file.slice(file.indexOf('\n---\n', 4) + 5);
const bodyChange = (after: string) => fieldChanges({ data: {}, body }, { data: {}, body: after }).find((c) => c.path === 'body');

describe('a changed article text', () => {
  it('shows only the paragraph that changed, as words with its blocks named', () => {
    const edited = body.replace('Seven things set almost every price:', '### <Price of="displayFridge" /> things set almost [every price](/contact):');
    expect(bodyChange(edited)).toEqual({
      path: 'body',
      before: 'Seven things set almost every price:',
      after: '[price: Standard display fridge] things set almost every price:',
    });
  });

  it('leaves out paragraphs the editor only wrote another way (a table padded, an escape)', () => {
    const rewritten = body
      .replace('| Feature | Options |', '|   Feature   |   Options   |')
      .replace('rather than guessing.', 'rather than guessing\\.')
      .replace('Seven things set almost every price:', 'Eight things set almost every price:');
    expect(bodyChange(rewritten)).toMatchObject({ before: 'Seven things set almost every price:', after: 'Eight things set almost every price:' });
  });

  it('shows a paragraph added at the end against nothing, and a change of marks only by its paragraph', () => {
    expect(bodyChange(`${body}\n\nA new last paragraph.`)).toMatchObject({ before: null, after: 'A new last paragraph.' });
    expect(bodyChange(body.replace('Seven things', '**Seven things**'))).toMatchObject({
      before: 'Seven things set almost every price:',
      after: 'Seven things set almost every price:',
    });
    expect(fieldChanges({ data: {}, body }, { data: {}, body })).toEqual([]);
  });

  it('reads Markdown as words: table cells, escapes, lists and blocks', () => {
    expect(plainWords('| a \\| b | c |\n|---|---|\n- **Bold.** 60 × $320 \\= $19,200 and <EmergencyLine /> <Calculator tool="leaseBuy" />')).toBe(
      'a | b · c\nBold. 60 × $320 = $19,200 and [emergency line] [calculator]',
    );
  });
});
