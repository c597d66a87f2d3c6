import { useState } from 'react';
import type { SessionUser } from '../../core/inbox-api/contract.ts';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { PartnerRow } from './PartnerRow.tsx';
import { emptyPartner, PartnerForm, refusedFields, type PartnerDraft } from './PartnerForm.tsx';
import { PartnerImport } from './PartnerImport.tsx';
import { OnCallOrder } from './OnCallOrder.tsx';
import { OnCallRoster } from './OnCallRoster.tsx';
import { usePartnerChange, usePartners } from './usePartners.ts';

const w = words.partners;

/**
 * The suppliers and technicians: everyone reads who is on call now (and the cities nobody covers),
 * the list and the order urgent work tries them in; owners add, edit, pause, remove and import.
 */
export function Partners({ user }: { user: SessionUser }) {
  const partners = usePartners();
  const canManage = user.role === 'owner';
  // A new key empties the form after each partner added; the partner added is announced and focused.
  const [formKey, setFormKey] = useState(0);
  const [added, setAdded] = useState<{ id: string; name: string } | undefined>();
  const add = usePartnerChange(
    (body: PartnerDraft) => {
      setAdded(undefined);
      return api('POST /partners', { body });
    },
    ({ partner }) => {
      setFormKey((k) => k + 1);
      setAdded({ id: partner.id, name: partner.name });
    },
  );
  const list = partners.data?.partners ?? [];
  return (
    <>
      <h1 className={ui.h1}>{w.heading}</h1>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <Alert message={errorMessage(partners.error, words.tryAgain)} />
      <p role="status" className={added ? 'mt-3 rounded-md bg-green-50 p-3 font-semibold text-green-800' : undefined}>
        {added ? w.added(added.name) : ''}
      </p>
      {partners.isPending && <p className="mt-4 text-slate-700">{words.loading}</p>}
      {partners.isSuccess && list.length === 0 && <p className="mt-4 text-slate-700">{w.none}</p>}
      {partners.data && <OnCallRoster partners={list} roster={partners.data.roster} />}
      {list.length > 0 && (
        <ul aria-label={w.list} className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.map((p) => (
            <PartnerRow key={p.id} partner={p} canManage={canManage} focus={added?.id === p.id} />
          ))}
        </ul>
      )}
      {partners.data && <OnCallOrder order={partners.data.on_call_order} partners={list} />}
      {canManage && (
        <section className={`${ui.card} mt-6`} aria-labelledby="add-partner">
          <h2 id="add-partner" className={`${ui.h2} mb-2`}>
            {w.add}
          </h2>
          <PartnerForm
            key={formKey}
            id="new-partner"
            initial={emptyPartner}
            submitLabel={w.submitAdd}
            pending={add.isPending}
            error={errorMessage(add.error, words.tryAgain)}
            fieldErrors={refusedFields(add.error)}
            onSubmit={(draft) => add.mutate(draft)}
          />
        </section>
      )}
      {canManage && <PartnerImport />}
    </>
  );
}
