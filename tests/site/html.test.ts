/** Every built page is valid HTML (html-validate: recommended + document presets) and under its size budget. */
import { describe, expect, it } from 'vitest';
import { HtmlValidate } from 'html-validate';
import { brotliCompressSync, constants } from 'node:zlib';
import { builtPages } from '../support/dist.ts';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended', 'html-validate:document'],
  // Astro writes its one-line island stylesheet (astro-island { display: contents }) just before a
  // page's first island, which on an article is inside <article>; browsers apply it there. Still
  // refused inside phrasing content such as <p>.
  elements: ['html5', { style: { flow: true } }],
  rules: {
    // Style preferences that React's serialisation does not follow; none affects validity.
    'attr-case': 'off',
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // Subresource integrity is for third-party scripts; every script here is same-origin.
    'require-sri': 'off',
    // Heading anchors in articles may start with a digit ("1-not-cooling"), which HTML5 allows.
    'valid-id': ['error', { relaxed: true }],
    // The rule counts "&amp;" as five characters; the tests in seo.test.ts check decoded titles.
    'long-title': ['error', { maxlength: 90 }],
    // Phone links that carry a label ("Call 0800 FRIDGE") are kept on one line with white-space: nowrap.
    'tel-non-breaking': ['error', { ignoreClasses: ['whitespace-nowrap'] }],
  },
});

describe('HTML validation', () => {
  for (const page of builtPages()) {
    it(`${page.route} has no errors`, async () => {
      const report = await validator.validateString(page.html, page.file);
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ''})`));
      expect(messages).toEqual([]);
    });
  }
});

describe('page weight', () => {
  // A budget for every page: the hero art and the map are inline SVG, so they count here.
  const budget = 30 * 1024;
  for (const page of builtPages()) {
    it(`${page.route} is under 30 KB with brotli`, () => {
      const size = brotliCompressSync(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      expect(size).toBeLessThan(budget);
    });
  }
});
