/**
 * Whether a path lies within a folder, judged by the path from one to the other rather than by how
 * their names begin: `/srv/site-a` begins with `/srv/site` yet lies beside it, and `/srv/site/..x`
 * begins with `..` once made relative yet lies inside.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Whether `path` is `folder` itself or anywhere under it (both resolved from the working folder). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  // An absolute answer: another drive or share (Windows), never inside.
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
