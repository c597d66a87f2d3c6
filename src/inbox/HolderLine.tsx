import { words } from './app-words.ts';
import { ui } from './ui.ts';

export interface HolderLineProps {
  /** The partner who holds the job, and their phone as written on the partner list ('' when none was given). */
  name: string;
  phone: string;
  className?: string | undefined;
}

/** The number to dial: its digits and a leading +, or undefined when there are too few digits to ring. */
function dialOf(phone: string): string | undefined {
  const dial = phone.replace(/(?!^\+)[^\d]/g, '');
  return dial.replace(/\D/g, '').length >= 6 ? dial : undefined;
}

/**
 * "Waikato Cooling holds this job", then "Call 07 555 0101" as a button-sized `tel:` link named for
 * the partner; beside the words when they fit, below them on a phone. A number too short to dial is
 * shown as text.
 */
export function HolderLine({ name, phone, className = '' }: HolderLineProps) {
  const shown = phone.trim();
  const dial = dialOf(shown);
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <p className="font-semibold text-slate-900">
        {words.holder.holds(name)}
        {shown && !dial && ` · ${shown}`}
      </p>
      {dial && (
        <a className={`${ui.secondary} whitespace-nowrap`} href={`tel:${dial}`} aria-label={words.holder.callName(name, shown)}>
          {words.holder.call(shown)}
        </a>
      )}
    </div>
  );
}
