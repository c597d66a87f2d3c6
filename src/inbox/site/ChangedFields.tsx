import type { EntryContent } from '../../../core/inbox-api/site.ts';
import { words } from '../app-words.ts';
import { fieldChanges } from '../../../core/content-diff.ts';

const w = words.site.conflict;

/** The fields where two versions of an entry differ, side by side, so the owner can choose knowingly. */
export function ChangedFields({ mine, theirs, labels = w }: { mine: EntryContent; theirs: EntryContent; labels?: { mine: string; theirs: string } }) {
  const changes = fieldChanges(theirs, mine);
  if (changes.length === 0) return null;
  return (
    <>
      <p className="mt-2 font-semibold">{w.differs}</p>
      <div className="mt-1 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="border-b border-amber-300 p-1">
                {words.site.versions.field}
              </th>
              <th scope="col" className="border-b border-amber-300 p-1">
                {labels.mine}
              </th>
              <th scope="col" className="border-b border-amber-300 p-1">
                {labels.theirs}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.path}>
                <th scope="row" className="border-b border-amber-200 p-1 font-mono font-normal">
                  {c.path}
                </th>
                <td className="border-b border-amber-200 p-1">{c.after ?? words.site.versions.empty}</td>
                <td className="border-b border-amber-200 p-1">{c.before ?? words.site.versions.empty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
