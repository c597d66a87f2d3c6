import { describe, expect, it } from 'vitest';
import { ContentChecker } from '../../server/site/content-checker.ts';
import { releaseContent } from '../../server/site/release-content.ts';
import { waitFor } from '../support/peers.ts';
import { ROOT } from '../support/site-editor.ts';

/** Whether a process with this id is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the content checker’s process', () => {
  it('ends once the editor has gone unused, giving its memory back, and the next check starts another', async () => {
    const guide = releaseContent(ROOT).get('guides/commercial-fridge-prices-nz')!;
    const check = () => checker.check(guide.collection, guide.data, guide.body, undefined);
    const checker = new ContentChecker({ idleMs: 400 });
    try {
      expect(await check()).toEqual([]);
      const first = checker.pid!;
      expect(alive(first)).toBe(true);
      // Checked again within the idle time: the same process answers, and its idle time starts again.
      expect(await check()).toEqual([]);
      expect(checker.pid).toBe(first);
      await waitFor(() => checker.pid === undefined && !alive(first), { what: 'the unused process ending' });
      expect(await check()).toEqual([]);
      expect(checker.pid).toBeDefined();
      expect(checker.pid).not.toBe(first);
    } finally {
      await checker.close();
    }
  });
});
