import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserRole } from '../../core/lead/status.ts';
import { api } from './api.ts';
import { RoleSelect } from './RoleSelect.tsx';
import type { SessionUser } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { PersonRow } from './PersonRow.tsx';
import { LadderEditor } from './LadderEditor.tsx';
import { JobAppSettings } from './JobAppSettings.tsx';
import { PhoneLineEditor } from './PhoneLineEditor.tsx';

const w = words.people;

/** Owners: who can sign in, adding someone (with their one-time link), roles and removal. */
export function People({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const people = useQuery({ queryKey: ['users'], queryFn: () => api('GET /users') });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UserRole>('staff');
  const add = useMutation({
    mutationFn: () => api('POST /users', { body: { email, role } }),
    onSuccess: async () => {
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <>
      <h1 className={ui.h1}>{w.heading}</h1>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <Alert message={errorMessage(people.error, words.tryAgain)} />
      <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {people.data?.users.map((p) => (
          <PersonRow key={p.id} person={p} isYou={p.id === user.id} />
        ))}
      </ul>
      <form className={`${ui.card} mt-6`} onSubmit={onSubmit}>
        <h2 className={ui.h2}>{w.add}</h2>
        <div className="mt-2 grid gap-3 sm:grid-cols-[2fr_1fr]">
          <div>
            <label className={ui.label} htmlFor="person-email">
              {w.email}
            </label>
            <input id="person-email" className={ui.field} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div>
            <label className={ui.label} htmlFor="person-role">
              {w.role}
            </label>
            <RoleSelect id="person-role" value={role} onChange={setRole} />
          </div>
        </div>
        <button type="submit" className={`${ui.button} mt-3`} disabled={add.isPending}>
          {w.submit}
        </button>
        <Alert message={errorMessage(add.error, words.tryAgain)} />
        {add.data && (
          <div role="status" className="mt-4">
            <label className={ui.label} htmlFor="person-link">
              {w.link}
            </label>
            <input id="person-link" className={ui.field} readOnly value={add.data.link} onFocus={(e) => e.target.select()} />
            <p className="mt-1 text-sm text-slate-700">{w.linkHint(add.data.mailed)}</p>
          </div>
        )}
      </form>
      <LadderEditor />
      <JobAppSettings />
      <PhoneLineEditor />
    </>
  );
}
