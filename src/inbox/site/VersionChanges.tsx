import { words } from '../app-words.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { useVersionDiff } from './useSite.ts';

const w = words.site.versions;

/** What one version changed: for each entry, each changed field's words before and after. */
export function VersionChanges({ number }: { number: number }) {
  const diff = useVersionDiff(number, true);
  if (diff.isPending) return <p className="mt-2 text-slate-700">{words.site.loading}</p>;
  if (diff.isError) return <Alert message={errorMessage(diff.error, words.tryAgain)} />;
  return (
    <>
      {diff.data.entries.map((entry) => (
        <section key={entry.key} className="mt-3" aria-label={entry.title}>
          <h3 className="font-semibold text-brand-900">{entry.title}</h3>
          <div className="overflow-x-auto">
            <table className="mt-1 w-full border-collapse text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="border-b border-slate-300 p-1">
                    {w.field}
                  </th>
                  <th scope="col" className="border-b border-slate-300 p-1">
                    {w.before}
                  </th>
                  <th scope="col" className="border-b border-slate-300 p-1">
                    {w.after}
                  </th>
                </tr>
              </thead>
              <tbody>
                {entry.fields.map((f) => (
                  <tr key={f.path}>
                    <th scope="row" className="border-b border-slate-200 p-1 align-top font-mono font-normal">
                      {f.path}
                    </th>
                    <td className="border-b border-slate-200 p-1 align-top">
                      <del className="bg-red-50 text-alert-700">{f.before ?? w.empty}</del>
                    </td>
                    <td className="border-b border-slate-200 p-1 align-top">
                      <ins className="bg-green-50 text-green-900 no-underline">{f.after ?? w.empty}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}
