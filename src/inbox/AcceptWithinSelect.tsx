import { acceptWindowNames, acceptWindows, type AcceptWindow } from '../../core/partner/accept-windows.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';

export interface AcceptWithinSelectProps {
  id: string;
  value: AcceptWindow;
  disabled: boolean;
  onChange: (value: AcceptWindow) => void;
}

/** "Accept within": how long the partner an offer goes to has to accept it (15 minutes to 3 days), labelled and explained. */
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
        {acceptWindowNames.map((choice) => (
          <option key={choice} value={choice}>
            {acceptWindows[choice].label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {w.acceptWithinHint}
      </p>
    </div>
  );
}
