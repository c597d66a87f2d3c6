import { useState, type FormEvent } from 'react';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { Saved } from './Saved.tsx';
import { ApiError } from './api.ts';
import { useMobileChange, useProfile } from './useLadder.ts';

const w = words.ladder.mobile;

/** The signed-in person's own mobile: where the business texts them when an urgent job has nobody. */
export function MobileNumber() {
  const profile = useProfile();
  const change = useMobileChange();
  // What the person typed; until they type, the number kept.
  const [typed, setMobile] = useState<string | undefined>();
  const mobile = typed ?? profile.data?.mobile ?? '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(mobile);
  };
  const fieldError = change.error instanceof ApiError ? change.error.fields['mobile'] : undefined;
  return (
    <form aria-labelledby="your-mobile" className={`${ui.card} mt-8`} onSubmit={onSubmit}>
      <h2 id="your-mobile" className={ui.h2}>
        {w.heading}
      </h2>
      <p className="mt-1 text-slate-700">{w.intro}</p>
      <label className={`${ui.label} mt-3`} htmlFor="your-mobile-number">
        {w.label}
      </label>
      <input
        id="your-mobile-number"
        className={`${ui.field} max-w-xs`}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={40}
        value={mobile}
        aria-describedby="your-mobile-hint"
        aria-invalid={fieldError ? true : undefined}
        onChange={(e) => setMobile(e.target.value)}
      />
      <p id="your-mobile-hint" className="mt-1 text-sm text-slate-700">
        {w.hint}
      </p>
      <div className="mt-3 flex items-center">
        <button type="submit" className={ui.button} disabled={change.isPending || profile.isPending}>
          {w.save}
        </button>
        <Saved shown={change.isSuccess} />
      </div>
      <Alert message={fieldError ?? errorMessage(change.error ?? profile.error, words.tryAgain)} />
    </form>
  );
}
