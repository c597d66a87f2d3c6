import { useState } from 'react';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { dayMonth } from '../time.ts';

const w = words.site.preview;

interface PreviewLinksProps {
  idPrefix: string;
  /** The page the preview opens on. */
  name: string;
  address: string;
  share: string;
  expiresAt: number;
  /** The other pages the change shows on, at the preview's address. */
  also: readonly { name: string; address: string }[];
}

/** A preview made: the page to open, and its share link to copy for someone without an inbox sign-in. */
export function PreviewLinks({ idPrefix, name, address, share, expiresAt, also }: PreviewLinksProps) {
  const [copied, setCopied] = useState(false);
  const id = `${idPrefix}-share`;
  return (
    <section aria-labelledby={`${idPrefix}-preview`} className={`${ui.card} mt-4`}>
      <h2 id={`${idPrefix}-preview`} tabIndex={-1} className={`${ui.h2} ${ui.shownFocus}`}>
        {w.ready}
      </h2>
      <p className="mt-2">
        <a href={address} target="_blank" rel="noopener noreferrer" className={ui.link}>
          {w.open(name)}
        </a>
      </p>
      {also.length > 0 && (
        <>
          <p className="mt-2">{w.alsoOn}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {also.map((page) => (
              <li key={page.address}>
                <a href={page.address} target="_blank" rel="noopener noreferrer" className={ui.link}>
                  {w.openPage(page.name)}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <label htmlFor={id} className={`${ui.label} mt-3`}>
        {w.shareLabel}
      </label>
      <p id={`${id}--help`} className="text-sm text-slate-700">
        {w.shareHelp(dayMonth(expiresAt))}
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <input id={id} className={`${ui.field} flex-1`} readOnly value={share} aria-describedby={`${id}--help`} onFocus={(e) => e.target.select()} />
        <button
          type="button"
          className={ui.secondary}
          onClick={() => {
            void navigator.clipboard?.writeText(share).then(() => setCopied(true));
          }}
        >
          {w.copy}
        </button>
      </div>
      <p role="status" className="mt-1 font-semibold text-green-800">
        {copied ? w.copied : ''}
      </p>
    </section>
  );
}
