import type { EntryContent } from '../../../core/inbox-api/site.ts';
import { fieldChanges } from '../../../core/content-diff.ts';
import { words } from '../app-words.ts';
import { FieldChangeTable } from './FieldChangeTable.tsx';

const w = words.site.conflict;

interface ChangedFieldsProps {
  mine: EntryContent;
  theirs: EntryContent;
  labels?: { mine: string; theirs: string };
}

/** The fields where two versions of an entry differ, side by side, so the owner can choose knowingly. */
export function ChangedFields({ mine, theirs, labels = w }: ChangedFieldsProps) {
  const changes = fieldChanges(theirs, mine);
  if (changes.length === 0) return null;
  return (
    <>
      <p className="mt-2 font-semibold">{w.differs}</p>
      <FieldChangeTable
        rows={changes.map((c) => ({ path: c.path, left: c.after, right: c.before }))}
        headings={{ left: labels.mine, right: labels.theirs }}
        rule="border-amber-300"
      />
    </>
  );
}
