import { useId, useState, type FormEvent } from 'react';
import { partnerSheetLimits } from '../../core/partner/kinds.ts';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { usePartnerChange } from './usePartners.ts';

const w = words.partners.sheet;

/** Owners: the partner spreadsheet uploaded as a CSV file, read on the server as the command line's import reads it (all or nothing). */
export function PartnerImport() {
  const id = useId();
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState('');
  const upload = usePartnerChange(
    async ({ file }: { file: File }) => ({ file: file.name, ...(await api('POST /partners/import', { body: { csv: await file.text() } })) }),
    (answer) => setDone(w.done(answer.file, answer.added, answer.updated)),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone('');
    setProblem(undefined);
    upload.reset();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return setProblem(w.chooseFile);
    // Checked here too, so a file far too large is not sent at all (the server refuses it anyway).
    if (file.size > partnerSheetLimits.chars * 4) return setProblem(w.tooLarge(Math.round(partnerSheetLimits.chars / 1000)));
    upload.mutate({ file });
  };
  return (
    <section className={`${ui.card} mt-6`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1 max-w-prose text-slate-700">{w.intro}</p>
      <p className="mt-2 overflow-x-auto rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">{w.header}</p>
      <p className="mt-1 text-sm text-slate-700">{w.optional}</p>
      <form className="mt-3 grid gap-3" onSubmit={onSubmit}>
        <div>
          <label className={ui.label} htmlFor={`${id}-file`}>
            {w.file}
          </label>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept=".csv,text/csv"
            className="mt-1 block w-full min-h-11 text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border-2 file:border-brand-600 file:bg-white file:px-4 file:font-semibold file:text-brand-700"
          />
        </div>
        <div>
          <button type="submit" className={ui.button} disabled={upload.isPending}>
            {w.submit}
          </button>
        </div>
      </form>
      <p role="status" className="mt-2 font-semibold text-green-800">
        {done}
      </p>
      <Alert message={problem ?? errorMessage(upload.error, words.tryAgain)} />
    </section>
  );
}
