/** Word counting for reading times: the MDX body without frontmatter, markup or table rules. */
export function splitFrontmatter(text: string): { frontmatter: string; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  return m ? { frontmatter: m[1] ?? '', body: text.slice(m[0].length) } : { frontmatter: '', body: text };
}

export function countWords(markdown: string): number {
  const text = markdown
    .replace(/<[^>]+>/g, ' ') // MDX components and HTML
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links keep their text
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, ' ') // table rules
    .replace(/[#*_>|`]/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Minutes to read at 215 words a minute (the middle of the usual 200-230), at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / 215));
}
