import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRole } from '../../core/lead/status.ts';
import { api } from './api.ts';
import { ConfirmRemoval } from './ConfirmRemoval.tsx';
import { RoleSelect } from './RoleSelect.tsx';
import type { Person } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';

const w = words.people;

/** One person: their role (changeable) and removal with a confirmation; not yourself. */
export function PersonRow({ person, isYou }: { person: Person; isYou: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users'] });
  const role = useMutation({
    mutationFn: (value: UserRole) => api('PATCH /users/:id', { params: { id: person.id }, body: { role: value } }),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: () => api('DELETE /users/:id', { params: { id: person.id } }), onSuccess: refresh });
  const selectId = `role-${person.id}`;
  return (
    <li className="p-4">
      <p className="font-semibold break-all text-slate-900">
        {person.email} {isYou && <span className="font-normal text-slate-700">{w.you}</span>}
      </p>
      <p className="text-sm text-slate-700">{w.passkeys(person.passkeys)}</p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <label className="sr-only" htmlFor={selectId}>
            {w.changeRole(person.email)}
          </label>
          <RoleSelect id={selectId} className={`${ui.field} mt-0`} value={person.role} disabled={role.isPending} onChange={(r) => role.mutate(r)} />
        </div>
        {!isYou && !confirming && (
          <button type="button" className={ui.secondary} onClick={() => setConfirming(true)}>
            {w.remove}
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmRemoval
          question={w.confirmRemove(person.email)}
          confirmLabel={w.removeForGood}
          keepLabel={w.keep}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onKeep={() => setConfirming(false)}
        />
      )}
      <Alert message={errorMessage(role.error ?? remove.error, words.tryAgain)} />
    </li>
  );
}
