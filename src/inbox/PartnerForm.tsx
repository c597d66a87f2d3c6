import { useRef, useState, type FormEvent } from 'react';
import type { PartnerInput } from '../../core/inbox-api/contract.ts';
import { partnerIndustries, partnerKindLabels, partnerKinds, partnerRegions, partnerServices, type PartnerKind } from '../../core/partner/kinds.ts';
import { isNzMobile } from '../../core/partner/nz-mobile.ts';
import { textsByDefault } from '../../core/partner/texts.ts';
import { ApiError } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert } from './Alert.tsx';
import { ChoiceChecks } from './ChoiceChecks.tsx';

const w = words.partners;

/** A partner as the form edits them; `sms` left out means "as the server decides" (the default for a new partner, unchanged for one edited). */
export type PartnerDraft = Omit<PartnerInput, 'paused' | 'sms'> & { sms?: boolean | undefined };

export const emptyPartner: PartnerDraft = { name: '', email: '', phone: '', kind: 'technician', regions: [], services: [], industries: [], on_call: false };

/** The fields a refusal from the server points at, with their sentences. */
export function refusedFields(error: unknown): Readonly<Record<string, string>> | undefined {
  return error instanceof ApiError ? error.fields : undefined;
}

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
  /** The server's sentences for single fields (refusedFields), shown beside them. */
  fieldErrors?: Readonly<Record<string, string>> | undefined;
  onSubmit: (draft: PartnerDraft) => void;
  onCancel?: () => void;
}

/**
 * A partner's details, for adding one and for changing one. Text messages shows what the server
 * will do until the owner ticks or unticks it, and is sent only then: a partner who replied STOP
 * meanwhile is not turned back on by saving another change. Texts on with a phone that is no mobile
 * is said at the phone field, before sending and when the server refuses it.
 */
export function PartnerForm({ id, initial, submitLabel, submitName, cancelName, pending, error, fieldErrors, onSubmit, onCancel }: PartnerFormProps) {
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  // The server's word on the phone holds for the number it was sent, not for one typed since.
  const [sentPhone, setSentPhone] = useState<string>();
  const phone = useRef<HTMLInputElement>(null);
  const set = <K extends keyof PartnerDraft>(key: K, value: PartnerDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const textsOn = draft.sms ?? textsByDefault(draft);
  const phoneProblem = textsOn && !isNzMobile(draft.phone) ? w.notMobile : undefined;
  const phoneError = (tried ? phoneProblem : undefined) ?? (draft.phone === sentPhone ? fieldErrors?.phone : undefined);
  const phoneErrorId = `${id}-phone-error`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (phoneProblem) {
      phone.current?.focus();
      return;
    }
    const { sms, ...rest } = draft;
    setSentPhone(draft.phone);
    onSubmit(sms === initial.sms ? rest : draft);
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
          <input
            ref={phone}
            id={`${id}-phone`}
            className={ui.field}
            type="tel"
            maxLength={40}
            value={draft.phone}
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? phoneErrorId : undefined}
            onChange={(e) => set('phone', e.target.value)}
          />
          {phoneError && (
            <p id={phoneErrorId} className="mt-1 text-sm font-semibold text-alert-700">
              {phoneError}
            </p>
          )}
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
      <div>
        <label htmlFor={`${id}-sms`} className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
          <input
            id={`${id}-sms`}
            type="checkbox"
            className="h-5 w-5 accent-brand-600"
            checked={textsOn}
            aria-describedby={`${id}-sms-hint`}
            onChange={(e) => set('sms', e.target.checked)}
          />
          {w.sms}
        </label>
        <p id={`${id}-sms-hint`} className="pl-7 text-sm text-slate-700">
          {w.smsHint}
        </p>
      </div>
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
