import { words } from '../app-words.ts';
import { ui } from '../ui.ts';

const w = words.site.page;

interface PagePhoneViewProps {
  idPrefix: string;
  /** The page's name, for the frame's title. */
  name: string;
  /** The preview to show: the page as its fields now read; undefined while it is made or refused. */
  address: string | undefined;
  making: boolean;
  /** The id of what comes after the view (the fields' heading), for the link that skips the page's own links. */
  skipTo: string;
}

/**
 * The page at a phone's width, from a preview of what the fields hold (a preview page is the only
 * kind the site lets its own inbox frame). Above the fields on a phone, beside them on a wide screen.
 */
export function PagePhoneView({ idPrefix, name, address, making, skipTo }: PagePhoneViewProps) {
  const id = `${idPrefix}-phone`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={ui.h2}>
        {w.phone}
      </h2>
      <p className="text-sm text-slate-700">{w.phoneHelp}</p>
      {/* The framed page has a hundred links of its own: one press takes the keyboard past them to the fields. */}
      <a href={`#${skipTo}`} className={`sr-only focus:not-sr-only focus:mt-2 focus:inline-block ${ui.link}`}>
        {w.phoneSkip}
      </a>
      <div className="mt-2 h-[min(60vh,40rem)] w-full max-w-[390px] overflow-hidden rounded-2xl border-4 border-slate-800 bg-white">
        {address ? (
          <iframe src={address} title={w.phoneFrame(name)} className="h-full w-full" loading="lazy" referrerPolicy="no-referrer" data-site-page />
        ) : (
          <p role="status" className="p-3 text-slate-700">
            {making ? w.phoneMaking : w.phoneRefused}
          </p>
        )}
      </div>
    </section>
  );
}
