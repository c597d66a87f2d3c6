import { useEffect, useRef, useState } from 'react';
import type { Partner } from '../../core/inbox-api/contract.ts';
import { partnerKindLabels } from '../../core/partner/kinds.ts';
import { api } from './api.ts';
import { ConfirmRemoval } from './ConfirmRemoval.tsx';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { nzTime } from './time.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { PartnerForm, refusedFields, type PartnerDraft } from './PartnerForm.tsx';
import { usePartnerChange } from './usePartners.ts';
import { PartnerPageLink } from './PartnerPageLink.tsx';

const w = words.partners;

/** A partner's one state: paused (offered nothing, whether on call or not), on call now (their own time or the switch), or neither. */
function stateOf(partner: Partner): keyof typeof w.badges {
  return partner.paused ? 'paused' : partner.on_call_now ? 'onCall' : 'offCall';
}

const badgeStyle: Record<keyof typeof w.badges, string> = {
  paused: 'bg-slate-200 text-slate-800',
  onCall: 'bg-brand-50 text-brand-800',
  offCall: 'border border-slate-300 text-slate-700',
};

interface PartnerRowProps {
  partner: Partner;
  canManage: boolean;
  /** Just added: focus moves to this partner's heading, so the person sees where they are. */
  focus?: boolean | undefined;
}

/** One partner: what they do and where; an owner may edit, pause or resume, and remove them (with a confirmation). Every button names the partner. */
export function PartnerRow({ partner, canManage, focus = false }: PartnerRowProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const params = { id: partner.id };
  const edit = usePartnerChange(
    (body: PartnerDraft) => api('PATCH /partners/:id', { params, body }),
    () => setEditing(false),
  );
  const pause = usePartnerChange((paused: boolean) => api('PATCH /partners/:id', { params, body: { paused } }));
  const remove = usePartnerChange(() => api('DELETE /partners/:id', { params }));
  const clearBounce = usePartnerChange(() => api('PATCH /partners/:id', { params, body: { bounced: false } }));
  const headingId = `partner-${partner.id}`;
  const state = stateOf(partner);
  return (
    <li className="p-4" aria-labelledby={headingId}>
      <h2
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold break-words text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        {partner.name} <span className={`ml-1 inline-block rounded px-2 py-0.5 text-sm font-semibold ${badgeStyle[state]}`}>{w.badges[state]}</span>
      </h2>
      <p className="text-slate-700">
        {partnerKindLabels[partner.kind]} · {w.covers(partner.regions.join(', '), partner.services.join(', '))}
      </p>
      <p className="text-slate-700">
        <a className={`${ui.link} break-all`} href={`mailto:${partner.email}`}>
          {partner.email}
        </a>
        {partner.phone && (
          <>
            {' · '}
            <a className={`${ui.link} whitespace-nowrap`} href={`tel:${partner.phone.replace(/[^\d+]/g, '')}`}>
              {partner.phone}
            </a>
          </>
        )}
      </p>
      <p className="text-sm text-slate-700">{partner.sms ? w.texts.on : w.texts.off}</p>
      {partner.sms_stopped_at !== null && (
        <p className="mt-1 text-sm font-semibold text-slate-900" role="note">
          {w.smsStopped(nzTime(partner.sms_stopped_at))}
        </p>
      )}
      {partner.bounced_at !== null && (
        <div className="mt-2 rounded border border-red-300 bg-red-50 p-3 text-slate-900" role="note">
          <p className="font-semibold">{w.bounced}</p>
          {canManage && (
            <button
              type="button"
              className={`${ui.secondary} mt-2`}
              disabled={clearBounce.isPending}
              aria-label={w.clearBounceName(partner.name)}
              onClick={() => clearBounce.mutate()}
            >
              {w.clearBounce}
            </button>
          )}
        </div>
      )}
      {canManage && !editing && !confirming && (
        <div className="mt-2 flex flex-wrap gap-3">
          <button type="button" className={ui.secondary} aria-label={w.editing(partner.name)} onClick={() => setEditing(true)}>
            {w.edit}
          </button>
          <button
            type="button"
            className={ui.secondary}
            disabled={pause.isPending}
            aria-label={partner.paused ? w.resumeName(partner.name) : w.pauseName(partner.name)}
            aria-describedby={`${headingId}-pause`}
            onClick={() => pause.mutate(!partner.paused)}
          >
            {partner.paused ? w.resume : w.pause}
          </button>
          <button type="button" className={ui.secondary} aria-label={w.removeName(partner.name)} onClick={() => setConfirming(true)}>
            {w.remove}
          </button>
          <span id={`${headingId}-pause`} className="sr-only">
            {w.pauseHint}
          </span>
          <PartnerPageLink partner={partner} />
        </div>
      )}
      {editing && (
        <div role="group" aria-label={w.editing(partner.name)} className="mt-3">
          <PartnerForm
            id={`edit-${partner.id}`}
            initial={{
              name: partner.name,
              email: partner.email,
              phone: partner.phone,
              kind: partner.kind,
              regions: partner.regions,
              services: partner.services,
              industries: partner.industries,
              on_call: partner.on_call,
              sms: partner.sms,
            }}
            submitLabel={w.submitEdit}
            submitName={w.saveName(partner.name)}
            cancelName={w.cancelName(partner.name)}
            pending={edit.isPending}
            error={errorMessage(edit.error, words.tryAgain)}
            fieldErrors={refusedFields(edit.error)}
            onSubmit={(draft) => edit.mutate(draft)}
            onCancel={() => setEditing(false)}
          />
        </div>
      )}
      {confirming && (
        <ConfirmRemoval
          question={w.confirmRemove(partner.name)}
          confirmLabel={w.removeForGood}
          keepLabel={w.keep}
          confirmName={w.removeName(partner.name)}
          keepName={w.keepName(partner.name)}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(undefined)}
          onKeep={() => setConfirming(false)}
        />
      )}
      <Alert message={errorMessage(pause.error ?? remove.error, words.tryAgain)} />
    </li>
  );
}
