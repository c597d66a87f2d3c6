import { useState, type FormEvent } from 'react';
import type { PartnerInput } from '../../core/inbox-api/contract.ts';
import { partnerIndustries, partnerKindLabels, partnerKinds, partnerRegions, partnerServices, type PartnerKind } from '../../core/partner/kinds.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert } from './Alert.tsx';
import { ChoiceChecks } from './ChoiceChecks.tsx';

const w = words.partners;

export type PartnerDraft = Omit<PartnerInput, 'paused'>;

export const emptyPartner: PartnerDraft = { name: '', email: '', phone: '', kind: 'technician', regions: [], services: [], industries: [], on_call: false };

interface PartnerFormProps {
  /** Prefix of the fields' ids, unique on the page. */
  id: string;
  initial: PartnerDraft;
  submitLabel: string;
  /** The buttons' names for screen readers, naming the partner (they start with the visible words). */
  submitName?: string | undefined;
  cancelName?: string | undefined;
  pending: boolean;
  error: string | undefined;
  onSubmit: (draft: PartnerDraft) => void;
  onCancel?: () => void;
}

/** A partner's details, for adding one and for changing one. */
export function PartnerForm({ id, initial, submitLabel, submitName, cancelName, pending, error, onSubmit, onCancel }: PartnerFormProps) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof PartnerDraft>(key: K, value: PartnerDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(draft);
  };
  return (
    <form className="grid gap-3" onSubmit={submit}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label className={ui.label} htmlFor={`${id}-name`}>
            {w.name}
          </label>
          <input id={`${id}-name`} className={ui.field} required maxLength={120} value={draft.name} onChange={(e) => set('name', e.target.value)} />
        </div>
        <div>
          <label className={ui.label} htmlFor={`${id}-email`}>
            {w.email}
          </label>
          <input id={`${id}-email`} className={ui.field} type="email" required value={draft.email} onChange={(e) => set('email', e.target.value)} />
        </div>
        <div>
          <label className={ui.label} htmlFor={`${id}-phone`}>
            {w.phone}
          </label>
          <input id={`${id}-phone`} className={ui.field} type="tel" maxLength={40} value={draft.phone} onChange={(e) => set('phone', e.target.value)} />
        </div>
        <div>
          <label className={ui.label} htmlFor={`${id}-kind`}>
            {w.kind}
          </label>
          <select
            id={`${id}-kind`}
            className={ui.field}
            value={draft.kind}
            onChange={(e) => set('kind', partnerKinds.find((k): k is PartnerKind => k === e.target.value) ?? draft.kind)}
          >
            {partnerKinds.map((k) => (
              <option key={k} value={k}>
                {partnerKindLabels[k]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ChoiceChecks id={`${id}-regions`} legend={w.regions} options={partnerRegions} value={draft.regions} onChange={(v) => set('regions', v)} />
      <ChoiceChecks id={`${id}-services`} legend={w.services} options={partnerServices} value={draft.services} onChange={(v) => set('services', v)} />
      <ChoiceChecks id={`${id}-industries`} legend={w.industries} options={partnerIndustries} value={draft.industries} onChange={(v) => set('industries', v)} />
      <label htmlFor={`${id}-on-call`} className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
        <input
          id={`${id}-on-call`}
          type="checkbox"
          className="h-5 w-5 accent-brand-600"
          checked={draft.on_call}
          onChange={(e) => set('on_call', e.target.checked)}
        />
        {w.onCall}
      </label>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={ui.button} disabled={pending} aria-label={submitName}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className={ui.secondary} aria-label={cancelName} onClick={onCancel}>
            {w.cancel}
          </button>
        )}
      </div>
      <Alert message={error} />
    </form>
  );
}
