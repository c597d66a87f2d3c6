/** Request paths as the site's own: the one check that a path cannot lead to another host. */

/** // or /\ at the start: a browser reads the rest as a host name. */
const OTHER_HOST = /^[/\\][/\\]/;

/**
 * The decoded path of a request for a file of the site, or '' when it cannot be one: not
 * decodable, a null byte, or a path that begins with // or /\ (a browser reads those as another
 * host) before or after decoding.
 */
export function sitePath(url: string): string {
  const raw = url.split('?', 1)[0]!.split('#', 1)[0]!;
  if (!raw.startsWith('/') || OTHER_HOST.test(raw)) return '';
  let path: string;
  try {
    // Parsed against a base so "." and ".." segments resolve; the raw path is appended, never taken as a host.
    path = decodeURIComponent(new URL(`http://site${raw}`).pathname);
  } catch {
    return '';
  }
  return path.includes('\0') || OTHER_HOST.test(path) ? '' : path;
}
