import { useState, type FormEvent } from 'react';
import { api } from './api.ts';
import type { LeadDetail } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { Saved } from './Saved.tsx';
import { useLeadChange } from './useLeadChange.ts';

/** "Follow up on" a date, or no date. */
export function FollowUpForm({ lead }: { lead: LeadDetail }) {
  const [date, setDate] = useState(lead.follow_up_on ?? '');
  const { mutation, saved } = useLeadChange(lead.id, (value: string | null) =>
    api('PUT /leads/:id/follow-up', { params: { id: lead.id }, body: { date: value } }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(date || null);
  };
  return (
    <form className={ui.card} onSubmit={onSubmit}>
      <label className={ui.h2} htmlFor="follow-up">
        {words.lead.followUp}
      </label>
      <input id="follow-up" className={ui.field} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" className={ui.button} disabled={mutation.isPending}>
          {words.lead.saveFollowUp}
        </button>
        {lead.follow_up_on && (
          <button type="button" className={ui.secondary} disabled={mutation.isPending} onClick={() => mutation.mutate(null, { onSuccess: () => setDate('') })}>
            {words.lead.clearFollowUp}
          </button>
        )}
        <Saved shown={saved} />
      </div>
      <Alert message={errorMessage(mutation.error, words.tryAgain)} />
    </form>
  );
}
