// @vitest-environment jsdom
/**
 * The article editor must not change a page it only opened. Every article and guide the site has,
 * loaded into the editor and written back, renders to the same page through the build's own
 * compiler (satteri's MDX to JavaScript), whatever small differences the Markdown itself shows
 * (a table's columns padded, `=` written `\=`); and the site editor's field sends nothing at all
 * until the owner changes something.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, createRef } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MDXEditor, type MDXEditorMethods } from '@mdxeditor/editor';
import { mdxToJs } from 'satteri';
import { afterAll, describe, expect, it } from 'vitest';
import { richTextPlugins, WRITTEN_AS } from '../../src/inbox/site/rich-text-setup.ts';
import RichTextEditor from '../../src/inbox/site/RichTextEditor.tsx';
import { BUILD_MDX, bodyBlockChoices } from '../../src/lib/content-check.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const content = join(import.meta.dirname, '../../src/content');
const articles = ['blog', 'guides'].flatMap((folder) =>
  readdirSync(join(content, folder))
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => {
      const text = readFileSync(join(content, folder, f), 'utf8');
      return { name: `${folder}/${f}`, body: text.slice(text.indexOf('\n---\n', 4) + 5) };
    }),
);

/** The page's code as the build compiles it: the same code renders the same page. */
const rendered = (body: string) => mdxToJs(body, BUILD_MDX).code;

const Block = () => null;

/** Mounts `element`, lets the editor load, and unmounts it. */
async function mounted(element: ReturnType<typeof createElement>, then: () => void = () => undefined) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(element));
  then();
  await act(async () => root.unmount());
  host.remove();
}

/** The body as the editor writes it back after loading it, with no edit. */
async function roundTrip(body: string): Promise<{ written: string; errors: string[] }> {
  const editor = createRef<MDXEditorMethods>();
  const errors: string[] = [];
  let written = '';
  await mounted(
    createElement(MDXEditor, {
      ref: editor,
      markdown: body,
      plugins: richTextPlugins(bodyBlockChoices(), Block),
      toMarkdownOptions: WRITTEN_AS,
      onError: ({ error }) => errors.push(error),
    }),
    () => (written = editor.current!.getMarkdown()),
  );
  return { written, errors };
}

describe('the article editor keeps a page it only opened', () => {
  afterAll(() => document.body.replaceChildren());
  it('has articles to try', () => expect(articles.length).toBeGreaterThanOrEqual(10));
  for (const { name, body } of articles) {
    it(`${name} renders the same after a round trip`, async () => {
      const { written, errors } = await roundTrip(body);
      expect(errors).toEqual([]);
      expect(written.length).toBeGreaterThan(body.length / 2);
      expect(rendered(written)).toEqual(rendered(body));
    });
    it(`${name} is not sent back by the site editor's field when only opened`, async () => {
      const sent: string[] = [];
      let unreadable = false;
      await mounted(
        createElement(RichTextEditor, {
          id: 'body',
          labelId: 'body-label',
          describedBy: '',
          invalid: false,
          value: body,
          onChange: (text: string) => sent.push(text),
          blocks: bodyBlockChoices(),
          tokens: [],
          onUnreadable: () => (unreadable = true),
        }),
      );
      expect(unreadable).toBe(false);
      expect(sent).toEqual([]);
    });
  }
});
