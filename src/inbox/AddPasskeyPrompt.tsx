import { useMutation } from '@tanstack/react-query';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert } from './Alert.tsx';
import { useAddPasskey } from './useAddPasskey.ts';

/** After a sign-in without a passkey: offer to add one, once. */
export function AddPasskeyPrompt({ onDone }: { onDone: () => void }) {
  const addPasskey = useAddPasskey();
  const add = useMutation({ mutationFn: addPasskey, onSuccess: onDone });
  return (
    <section aria-labelledby="add-passkey-heading" className={`${ui.card} mb-6 border-brand-600`}>
      <h2 id="add-passkey-heading" className={ui.h2}>
        {words.addPasskey.heading}
      </h2>
      <p className="mt-1 text-slate-700">{words.addPasskey.intro}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={ui.button} disabled={add.isPending} onClick={() => add.mutate()}>
          {words.addPasskey.add}
        </button>
        <button type="button" className={ui.secondary} onClick={onDone}>
          {words.addPasskey.notNow}
        </button>
      </div>
      <Alert message={add.isError ? words.addPasskey.failed : undefined} />
    </section>
  );
}
