import type { EntryParams, SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { api } from '../api.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { ChangedFields } from './ChangedFields.tsx';
import { useSiteChange } from './useSite.ts';

const w = words.site.release;

interface ReleaseChoiceProps {
  params: EntryParams;
  entry: SiteEntryAnswer;
  refresh: () => Promise<SiteEntryAnswer | undefined>;
  /**
   * The form shows what stays on the site, based on the version that settled it, and says so in its
   * own status line: this panel goes once the choice is made.
   */
  onSettled: (fresh: SiteEntryAnswer, version: number) => void;
}

/** A page a new release changed after the owner edited it: both sides, field by field, and the owner's choice. */
export function ReleaseChoice({ params, entry, refresh, onSettled }: ReleaseChoiceProps) {
  const choose = useSiteChange(
    (keep: 'mine' | 'release') => api('POST /site/entries/:collection/:id/release', { params, body: { keep } }),
    async (answer) => {
      const fresh = await refresh();
      if (fresh) onSettled(fresh, answer.version);
    },
  );
  const id = `release-${params.collection}-${params.id}`;
  return (
    <section aria-labelledby={id} className="mt-4 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
      <h2 id={id} className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1">{w.explain}</p>
      <ChangedFields mine={entry.published} theirs={entry.release} labels={{ mine: w.mine, theirs: w.theirs }} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={ui.button} disabled={choose.isPending} onClick={() => choose.mutate('mine')}>
          {w.keepMine}
        </button>
        <button type="button" className={ui.secondary} disabled={choose.isPending} onClick={() => choose.mutate('release')}>
          {w.useRelease}
        </button>
      </div>
      <p role="status" className="mt-2 font-semibold text-green-800">
        {choose.isPending ? words.site.publishing : ''}
      </p>
      <Alert message={errorMessage(choose.error, words.tryAgain)} />
    </section>
  );
}
