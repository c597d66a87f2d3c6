import { useState } from 'react';
import { api, apiHref } from './api.ts';
import type { LeadDetail } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { useLeadChange } from './useLeadChange.ts';

/** The Privacy Act's two requests, one tap each: a copy of the person's data, and deleting the lead. */
export function OwnerActions({ lead, onDeleted }: { lead: LeadDetail; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const { mutation } = useLeadChange(lead.id, () => api('DELETE /leads/:id', { params: { id: lead.id } }));
  return (
    <section aria-labelledby="owner-heading" className={ui.card}>
      <h2 id="owner-heading" className={ui.h2}>
        {words.lead.owner}
      </h2>
      <div className="mt-3 grid gap-3">
        <a className={ui.secondary} href={apiHref('GET /people.json', { querystring: { email: lead.work_email } })} download>
          {words.lead.exportPerson}
        </a>
        {!confirming ? (
          <button type="button" className={ui.danger} onClick={() => setConfirming(true)}>
            {words.lead.delete}
          </button>
        ) : (
          <div role="group" aria-labelledby="confirm-delete" className="rounded-md border-2 border-alert-700 p-3">
            <p id="confirm-delete" className="font-semibold text-slate-900">
              {words.lead.confirmDelete}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="button" className={ui.danger} disabled={mutation.isPending} onClick={() => mutation.mutate(undefined, { onSuccess: onDeleted })}>
                {words.lead.deleteForGood}
              </button>
              <button type="button" className={ui.secondary} onClick={() => setConfirming(false)}>
                {words.lead.keep}
              </button>
            </div>
          </div>
        )}
      </div>
      <Alert message={errorMessage(mutation.error, words.tryAgain)} />
    </section>
  );
}
