import { api } from './api.ts';
import type { LeadDetail } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { useLeadChange } from './useLeadChange.ts';

/** A lead the spam screen held: why, and "Not spam" to release it and send its notifications. */
export function SpamRelease({ lead }: { lead: LeadDetail }) {
  const { mutation } = useLeadChange(lead.id, () => api('POST /leads/:id/not-spam', { params: { id: lead.id } }));
  return (
    <section aria-labelledby="spam-heading" className={`${ui.card} border-alert-600`}>
      <h2 id="spam-heading" className={ui.h2}>
        {words.lead.spamHeading}
      </h2>
      <p className="mt-1 text-slate-800">{words.lead.spamWhy(lead.spam_reason)}</p>
      <p className="mt-1 text-sm text-slate-700">{words.lead.notSpamHint}</p>
      <button type="button" className={`${ui.button} mt-3`} disabled={mutation.isPending} onClick={() => mutation.mutate(undefined)}>
        {words.lead.notSpam}
      </button>
      <Alert message={errorMessage(mutation.error, words.tryAgain)} />
    </section>
  );
}
