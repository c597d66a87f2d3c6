import type { ReactNode } from 'react';

interface BusyButtonProps {
  /** While true the button is marked busy and a press does nothing. */
  busy: boolean;
  onPress: () => void;
  className: string;
  /** The name a screen reader hears, where the visible words need their context (it contains them). */
  label?: string | undefined;
  children: ReactNode;
}

/**
 * A button that waits on work: marked, not disabled, while the work runs, because a disabled
 * button loses the keyboard's focus, and the person's place on the page with it.
 */
export function BusyButton({ busy, onPress, className, label, children }: BusyButtonProps) {
  return (
    <button type="button" className={className} aria-disabled={busy} aria-label={label} onClick={() => !busy && onPress()}>
      {children}
    </button>
  );
}
