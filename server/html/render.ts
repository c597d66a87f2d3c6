/**
 * The one way the server makes HTML: React elements rendered to static markup (react-dom/server's
 * `renderToStaticMarkup`, no hydration markers), which escapes every text child and attribute value
 * by default. The e-mails, the partner page and the server's own error pages are components built
 * on this; nothing else in server/ or core/ escapes HTML by hand.
 *
 * Why `createElement` (as `h`) and not JSX or htm: Node runs these .ts files by type stripping,
 * which has no JSX, and a build step only for the server's HTML is not worth having. `htm` would
 * read more like HTML, but it is one more package, parses its templates at run time, and its
 * results are untyped, so a misspelt prop, a component given the wrong props or a bad style
 * property would pass unnoticed. With `h(...)` (typed below) TypeScript checks every element's
 * attributes, every component's props and every inline style (`CSSProperties`), and the markup
 * is still short enough to read.
 */
import { createElement, Fragment, type Attributes, type JSX, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export { Fragment };
export type { CSSProperties, ReactElement, ReactNode } from 'react';

type ComponentProps<P> = Omit<P, 'children'> & Attributes;
/** A component's props (its children come after them), optional when none of them is required. */
type ComponentArguments<P> =
  Partial<ComponentProps<P>> extends ComponentProps<P>
    ? [props?: ComponentProps<P> | null, ...children: ReactNode[]]
    : [props: ComponentProps<P>, ...children: ReactNode[]];

/**
 * `h(type, props, ...children)`: React's createElement (the name hyperscript made usual), typed
 * strictly. React's own overloads infer the props from the object given, so a misspelt attribute
 * or style property passes; here an element takes exactly what React's JSX would accept, and a
 * component exactly its props.
 */
export function h<T extends keyof JSX.IntrinsicElements>(type: T, props?: JSX.IntrinsicElements[T] | null, ...children: ReactNode[]): ReactElement;
export function h<P extends object>(type: (props: P) => ReactNode, ...rest: ComponentArguments<NoInfer<P>>): ReactElement;
export function h(type: string | ((props: never) => ReactNode), props?: object | null, ...children: ReactNode[]): ReactElement {
  return createElement(type as string, props, ...children);
}

/** A whole page (an e-mail, the bare error page): `<!doctype html>` and the rendered `<html>` element. */
export function renderDocument(page: ReactElement): string {
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}

/** Part of a page (the content of the site's `<main>`), every value in it escaped. */
export function renderFragment(content: ReactNode): string {
  return renderToStaticMarkup(content);
}

/**
 * Plain text for a slot in markup that React did not make (the title in the site's built page
 * around the server's messages): escaped by React, as it escapes any text child.
 */
export function renderText(text: string): string {
  return renderToStaticMarkup(text);
}

/**
 * Markup this renderer already made (a page's `<main>` made by `renderFragment`), placed inside
 * `tag` as it is. Only ever for the renderer's own output, never for anything a person typed.
 */
export function Rendered({ tag, html, id }: { tag: 'main' | 'div'; html: string; id?: string }): ReactElement {
  return h(tag, { id, dangerouslySetInnerHTML: { __html: html } });
}
