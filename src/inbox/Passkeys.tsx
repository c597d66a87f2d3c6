import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { nzTime } from './time.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { useAddPasskey } from './useAddPasskey.ts';

const w = words.passkeys;

/** The signed-in person's passkeys: add one on this device, remove one. */
export function Passkeys() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({ queryKey: ['passkeys'], queryFn: () => api('GET /passkeys') });
  const addPasskey = useAddPasskey();
  const add = useMutation({ mutationFn: addPasskey });
  const remove = useMutation({
    mutationFn: (id: string) => api('DELETE /passkeys/:id', { params: { id } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['passkeys'] }), queryClient.invalidateQueries({ queryKey: ['session'] })]),
  });
  const list = passkeys.data?.passkeys ?? [];
  return (
    <>
      <h1 className={ui.h1}>{w.heading}</h1>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <Alert message={errorMessage(passkeys.error ?? remove.error, words.tryAgain)} />
      {passkeys.data && list.length === 0 && <p className="mt-4 text-slate-700">{w.none}</p>}
      {list.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold text-slate-900">{p.name}</p>
                <p className="text-sm text-slate-700">
                  {w.added(nzTime(p.created_at))}
                  {p.last_used_at !== null && `, ${w.lastUsed(nzTime(p.last_used_at))}`}
                </p>
              </div>
              <button
                type="button"
                className={ui.secondary}
                aria-label={`${w.remove} ${p.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(p.id)}
              >
                {w.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={`${ui.button} mt-4`} disabled={add.isPending} onClick={() => add.mutate()}>
        {w.add}
      </button>
      <Alert message={add.isError ? words.addPasskey.failed : undefined} />
    </>
  );
}
