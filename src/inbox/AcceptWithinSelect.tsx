import type { AcceptWindow } from '../../core/inbox-api/offers.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';

/** Chosen at first: the server's default window (DEFAULT_ACCEPT_WINDOW), which its zod module keeps out of the app's bundle. */
export const DEFAULT_WINDOW: AcceptWindow = '24h';

const windows = Object.keys(words.leadPartners.acceptWindows) as AcceptWindow[];

export interface AcceptWithinSelectProps {
  id: string;
  value: AcceptWindow;
  disabled: boolean;
  onChange: (value: AcceptWindow) => void;
}

/** "Accept within": how long the partner an offer goes to has to accept it (1 hour to 3 days), labelled and explained. */
export function AcceptWithinSelect({ id, value, disabled, onChange }: AcceptWithinSelectProps) {
  const w = words.leadPartners;
  return (
    <div className="mt-2">
      <label htmlFor={id} className={ui.label}>
        {w.acceptWithin}
      </label>
      <select
        id={id}
        className={`${ui.field} sm:max-w-60`}
        value={value}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as AcceptWindow)}
      >
        {windows.map((choice) => (
          <option key={choice} value={choice}>
            {w.acceptWindows[choice]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {w.acceptWithinHint}
      </p>
    </div>
  );
}
