/** How the site's Markdown and MDX are read: the build's (astro.config.ts) and the preview renderer's. */
export const markdownOptions = {
  // No code blocks in the copy; Shiki would add inline styles the CSP forbids.
  syntaxHighlight: false,
} as const;
