import { useState, type FormEvent } from 'react';
import type { JobAppVendor } from '../../core/inbox-api/contract.ts';
import { jobAppNames, jobAppVendors } from '../../core/inbox-api/job-app-vendors.ts';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { jobAppWords } from './job-app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { ConfirmRemoval } from './ConfirmRemoval.tsx';
import { dayMonth } from './time.ts';
import { useJobApp, useJobAppChange } from './useJobApp.ts';

const w = jobAppWords.settings;

/** Owners: connect ServiceM8 or Fergus with a key (checked before it is kept), replace it, disconnect, and "send every won lead". */
export function JobAppSettings() {
  const current = useJobApp();
  const [vendor, setVendor] = useState<JobAppVendor | undefined>();
  const [secret, setSecret] = useState('');
  const [asking, setAsking] = useState(false);
  const connect = useJobAppChange((body: { vendor: JobAppVendor; secret: string }) => api('PUT /job-app', { body }));
  const sendWon = useJobAppChange((send_won: boolean) => api('PATCH /job-app', { body: { send_won } }));
  const disconnect = useJobAppChange(() => api('DELETE /job-app'));
  const app = current.data;
  const chosen = vendor ?? app?.vendor ?? 'servicem8';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate({ vendor: chosen, secret }, { onSuccess: () => setSecret('') });
  };
  return (
    <section aria-labelledby="job-app-heading" className={`${ui.card} mt-8`}>
      <h2 id="job-app-heading" className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <Alert message={errorMessage(current.error, words.tryAgain)} />
      {app && (
        <div role="status" className="mt-3">
          {app.vendor && app.hint ? (
            <>
              <p className="font-semibold text-slate-900">{w.connected(app.vendor, app.hint)}</p>
              {app.connected_at !== null && <p className="text-slate-700">{w.since(dayMonth(app.connected_at), app.connected_by)}</p>}
            </>
          ) : (
            <p className="text-slate-900">{w.none}</p>
          )}
        </div>
      )}
      {app?.vendor && app.refused && <Alert message={w.refused(app.vendor, app.refused.words)} />}
      <form className="mt-4" onSubmit={onSubmit}>
        <fieldset>
          <legend className={ui.label}>{w.vendor}</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
            {jobAppVendors.map((v) => (
              <label key={v} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
                <input type="radio" name="job-app-vendor" value={v} checked={chosen === v} onChange={() => setVendor(v)} className="size-5" />
                {jobAppNames[v]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className={`${ui.label} mt-3`} htmlFor="job-app-key">
          {w.key(chosen)}
        </label>
        <input
          id="job-app-key"
          className={ui.field}
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={secret}
          aria-describedby="job-app-key-hint"
          onChange={(e) => setSecret(e.target.value)}
        />
        <p id="job-app-key-hint" className="mt-1 text-sm text-slate-700">
          {w.keyHint(chosen)} {w.keyKept}
        </p>
        <button type="submit" className={`${ui.button} mt-3`} disabled={connect.isPending}>
          {connect.isPending ? w.checking : app?.vendor === chosen ? w.replace : w.connect(chosen)}
        </button>
        <Alert message={errorMessage(connect.error, words.tryAgain)} />
      </form>
      {app?.vendor && (
        <>
          <div className="mt-4 flex min-h-11 items-start gap-3 text-slate-900">
            <input
              id="job-app-won"
              type="checkbox"
              className="mt-1 size-5"
              checked={app.send_won}
              disabled={sendWon.isPending}
              aria-describedby="job-app-won-hint"
              onChange={(e) => sendWon.mutate(e.target.checked)}
            />
            <div>
              <label htmlFor="job-app-won" className="font-semibold">
                {w.sendWon}
              </label>
              <p id="job-app-won-hint" className="text-sm text-slate-700">
                {w.sendWonHint}
              </p>
            </div>
          </div>
          <Alert message={errorMessage(sendWon.error, words.tryAgain)} />
          {asking ? (
            <ConfirmRemoval
              question={w.confirmDisconnect}
              confirmLabel={w.yesDisconnect}
              keepLabel={w.cancel}
              pending={disconnect.isPending}
              onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setAsking(false) })}
              onKeep={() => setAsking(false)}
            />
          ) : (
            <button type="button" className={`${ui.secondary} mt-3`} onClick={() => setAsking(true)}>
              {w.disconnect(app.vendor)}
            </button>
          )}
          <Alert message={errorMessage(disconnect.error, words.tryAgain)} />
        </>
      )}
    </section>
  );
}
