import { words } from '../app-words.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { FieldChangeTable } from './FieldChangeTable.tsx';
import { useVersionDiff } from './useSite.ts';

const w = words.site.versions;

/** What one version changed: for each entry (or the `only` one), each changed field's words before and after. */
export function VersionChanges({ number, only }: { number: number; only?: string | undefined }) {
  const diff = useVersionDiff(number, true);
  if (diff.isPending) return <p className="mt-2 text-slate-700">{words.site.loading}</p>;
  if (diff.isError) return <Alert message={errorMessage(diff.error, words.tryAgain)} />;
  return (
    <>
      {diff.data.entries
        .filter((entry) => only === undefined || entry.key === only)
        .map((entry) => (
          <section key={entry.key} className="mt-3" aria-label={entry.title}>
            <h3 className="font-semibold text-brand-900">{entry.title}</h3>
            <FieldChangeTable
              rows={entry.fields.map((f) => ({ path: f.path, left: f.before, right: f.after }))}
              headings={{ left: w.before, right: w.after }}
              marked
            />
          </section>
        ))}
    </>
  );
}
