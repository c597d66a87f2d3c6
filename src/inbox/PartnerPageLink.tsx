import { useRef, useState } from 'react';
import type { Partner } from '../../core/inbox-api/contract.ts';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { usePartnerChange } from './usePartners.ts';

const w = words.partners.page;

/**
 * A partner's "Your jobs" page, for owners: whether it is on, a new link (shown this once, to copy
 * and send; the server keeps only its hash, and every older link stops working) and turning it off.
 * A paused partner has no page, so nothing shows for them.
 */
export function PartnerPageLink({ partner }: { partner: Partner }) {
  const [link, setLink] = useState<string>();
  const [turnedOff, setTurnedOff] = useState(false);
  const [copied, setCopied] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const params = { id: partner.id };
  const renew = usePartnerChange(
    () => api('POST /partners/:id/page/renew', { params }),
    (answer) => {
      setLink(answer.link);
      setTurnedOff(false);
      setCopied(false);
    },
  );
  const revoke = usePartnerChange(
    () => api('POST /partners/:id/page/revoke', { params }),
    () => {
      setLink(undefined);
      setTurnedOff(true);
    },
  );
  if (partner.paused) return null;
  const fieldId = `partner-page-link-${partner.id}`;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard here (an address other than https or localhost): the link is selected to copy by hand.
      field.current?.select();
    }
  };
  return (
    <div className="w-full">
      <p className="text-slate-700">
        {w.label} <strong className="text-slate-900">{partner.page_revoked ? w.off : w.on}</strong>
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <button
          type="button"
          className={ui.secondary}
          disabled={renew.isPending}
          aria-label={w.renewName(partner.name)}
          onClick={() => renew.mutate(undefined)}
        >
          {w.renew}
        </button>
        {!partner.page_revoked && (
          <button
            type="button"
            className={ui.secondary}
            disabled={revoke.isPending}
            aria-label={w.turnOffName(partner.name)}
            onClick={() => revoke.mutate(undefined)}
          >
            {w.turnOff}
          </button>
        )}
      </div>
      <div role="status">
        {link && (
          <div className="mt-3">
            <label className={ui.label} htmlFor={fieldId}>
              {w.link(partner.name)}
            </label>
            <input id={fieldId} ref={field} className={ui.field} readOnly value={link} onFocus={(e) => e.target.select()} />
            <button type="button" className={`${ui.secondary} mt-2`} onClick={() => void copy()}>
              {copied ? w.copied : w.copy}
            </button>
            <p className="mt-1 text-sm text-slate-700">{w.linkHint(partner.name)}</p>
          </div>
        )}
        {turnedOff && partner.page_revoked && <p className="mt-2 text-slate-700">{w.turnedOff(partner.name)}</p>}
      </div>
      <Alert message={errorMessage(renew.error ?? revoke.error, words.tryAgain)} />
    </div>
  );
}
