import { Phone } from 'lucide-react';
import type { Action } from '../lib/content-schemas.ts';

const variantClass: Record<Action['variant'], string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  emergency: 'btn-emergency',
};

/** A call-to-action button link; on a dark background the secondary style turns outlined white. */
export function ActionLink({ label, href, variant, onDark = false }: Action & { onDark?: boolean }) {
  const className = onDark && variant !== 'emergency' ? (variant === 'primary' ? 'btn-light' : 'btn-on-dark') : variantClass[variant];
  return (
    <a href={href} className={href.startsWith('tel:') ? `${className} whitespace-nowrap` : className}>
      {href.startsWith('tel:') ? <Phone className="size-5" aria-hidden="true" /> : null}
      {label}
    </a>
  );
}

export function ActionRow({ actions, onDark = false }: { actions: Action[]; onDark?: boolean }) {
  if (actions.length === 0) return null;
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {actions.map((action) => (
        <ActionLink key={`${action.href}-${action.label}`} {...action} onDark={onDark} />
      ))}
    </div>
  );
}
