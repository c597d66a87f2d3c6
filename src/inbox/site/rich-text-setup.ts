/**
 * How the article editor reads and writes an article's text: which kinds of text it knows (headings,
 * lists, links, tables, quotes, rules) and the site's blocks, and how it writes the Markdown back so
 * an untouched paragraph comes back as it was written (`-` lists, `*` and `**` marks). The editor and
 * the test that every article survives a round trip both take it from here.
 */
import {
  headingsPlugin,
  jsxPlugin,
  linkPlugin,
  listsPlugin,
  quotePlugin,
  tablePlugin,
  thematicBreakPlugin,
  type JsxComponentDescriptor,
  type JsxEditorProps,
  type RealmPlugin,
} from '@mdxeditor/editor';
import type { ComponentType } from 'react';
import type { SiteEntryAnswer } from '../../../core/inbox-api/site.ts';

/** The marks the site's own articles use, so a paragraph the owner did not touch is written as it was. */
export const WRITTEN_AS = { bullet: '-', emphasis: '*', strong: '*', listItemIndent: 'one' } as const;

/** A block's one setting, read off its example: `of` in `<Price of="displayFridge" />`. */
const settingOf = (example: string) => /\s([a-zA-Z]+)="/.exec(example)?.[1];

/** One descriptor per block tag; a block that stands alone (a calculator) is a paragraph of its own. */
export function blockDescriptors(blocks: SiteEntryAnswer['blocks'], Editor: ComponentType<JsxEditorProps>): JsxComponentDescriptor[] {
  const byTag = new Map<string, JsxComponentDescriptor>();
  for (const block of blocks) {
    if (byTag.has(block.tag)) continue;
    const setting = settingOf(block.example);
    byTag.set(block.tag, {
      name: block.tag,
      kind: block.alone ? 'flow' : 'text',
      props: setting ? [{ name: setting, type: 'string', required: true }] : [],
      hasChildren: false,
      Editor,
    });
  }
  return [...byTag.values()];
}

/** What the article editor understands, besides its toolbar. */
export function richTextPlugins(blocks: SiteEntryAnswer['blocks'], Editor: ComponentType<JsxEditorProps>): RealmPlugin[] {
  return [
    headingsPlugin({ allowedHeadingLevels: [2, 3, 4] }),
    listsPlugin(),
    quotePlugin(),
    linkPlugin(),
    tablePlugin(),
    thematicBreakPlugin(),
    jsxPlugin({ jsxComponentDescriptors: blockDescriptors(blocks, Editor) }),
  ];
}
