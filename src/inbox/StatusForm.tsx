import { useState, type FormEvent } from 'react';
import { leadStatuses, lostReasonLabels, lostReasons, MAX_JOB_VALUE_CENTS, statusLabels, type LeadStatus, type LostReason } from '../../core/lead/status.ts';
import { api } from './api.ts';
import type { LeadDetail, StatusChange } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { Saved } from './Saved.tsx';
import { useLeadChange } from './useLeadChange.ts';

/** New → Contacted → Quoted → Won / Lost; Won asks for the job value, Lost for a reason. */
export function StatusForm({ lead }: { lead: LeadDetail }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [jobValue, setJobValue] = useState(lead.job_value === null ? '' : String(lead.job_value));
  const [lostReason, setLostReason] = useState<string>(lead.lost_reason ?? '');
  const { mutation, saved } = useLeadChange(lead.id, (change: StatusChange) => api('POST /leads/:id/status', { params: { id: lead.id }, body: change }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({
      status,
      ...(status === 'won' ? { job_value: Number(jobValue) } : {}),
      ...(status === 'lost' ? { lost_reason: lostReason as LostReason } : {}),
    });
  };

  return (
    <form className={ui.card} onSubmit={onSubmit}>
      <fieldset>
        <legend className={ui.h2}>{words.lead.status}</legend>
        {/* As many columns as the card has room for: the lead page puts it in a narrow column on a desktop. */}
        <div className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2">
          {leadStatuses.map((s) => (
            <label
              key={s}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="radio" name="status" value={s} checked={status === s} onChange={() => setStatus(s)} className="size-5 shrink-0 accent-brand-600" />
              {statusLabels[s]}
            </label>
          ))}
        </div>
      </fieldset>
      {status === 'won' && (
        <div className="mt-3">
          <label className={ui.label} htmlFor="job-value">
            {words.lead.jobValue}
          </label>
          <input
            id="job-value"
            className={ui.field}
            type="number"
            inputMode="decimal"
            min="0.01"
            max={MAX_JOB_VALUE_CENTS / 100}
            step="0.01"
            required
            value={jobValue}
            onChange={(e) => setJobValue(e.target.value)}
          />
        </div>
      )}
      {status === 'lost' && (
        <div className="mt-3">
          <label className={ui.label} htmlFor="lost-reason">
            {words.lead.lostReason}
          </label>
          <select id="lost-reason" className={ui.field} required value={lostReason} onChange={(e) => setLostReason(e.target.value)}>
            <option value="">{words.lead.chooseReason}</option>
            {lostReasons.map((r) => (
              <option key={r} value={r}>
                {lostReasonLabels[r]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="mt-3 flex items-center">
        <button type="submit" className={ui.button} disabled={mutation.isPending}>
          {words.lead.saveStatus}
        </button>
        <Saved shown={saved} />
      </div>
      <Alert message={errorMessage(mutation.error, words.tryAgain)} />
    </form>
  );
}
