import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { Action, BlockOf } from '../../lib/content-schemas.ts';
import { ActionRow } from '../ActionLink.tsx';
import { CALL_NOW_ANCHOR, responseAreas } from '../../../core/lead/response-targets.ts';
import { HeroArt } from '../HeroArt.tsx';
import { HeroPhoto } from '../HeroPhoto.tsx';
import { callLocations } from '../../lib/call-tracking.ts';
import type { ArtKey } from '../../lib/art-keys.ts';

export interface HeroNote {
  before?: string;
  /** A date, shown as `label` and marked up with a machine-readable dateTime. */
  time?: { dateTime: string; label: string };
  after?: string;
}

export interface HeroBlockProps {
  eyebrow?: string | undefined;
  heading: string;
  lead: string;
  actions: Action[];
  highlights?: string[] | undefined;
  /** A line under the lead: a city's response claim, an article's date and author, a guide's 'Last updated'. */
  note?: HeroNote | undefined;
  /** Shown beside the copy: on small screens below it (the home page's quote form). */
  children?: ReactNode;
  /** Whether `children` shows on large screens too; otherwise large screens see the artwork. */
  asideOnDesktop?: boolean;
  /** The decorative artwork large screens see beside the copy (when `children` is not shown there). */
  art?: ArtKey | undefined;
  /** The owner's photo, in place of the artwork: beside the copy on large screens, under it on small ones. */
  photo?: { id: string; alt: string } | undefined;
  /** Shown on large screens in place of the artwork (the contact page's map), unless there is a photo. */
  aside?: ReactNode;
  /** The thank-you page's part for an urgent request, shown in place of the lead (see UrgentThanks). */
  urgent?: BlockOf<'hero'>['urgent'];
}

/**
 * What an urgent request sees first on the thank-you page: its area's response target, the 24/7
 * call button, what happens now. One line per area (core/lead/response-targets.ts), each with the
 * id the form sends the visitor to (`#urgent-hamilton`), and one that leads with the 24/7 line for
 * a request no on-call technician covered as it arrived (`#urgent-call-now`); global.css shows the
 * targeted line and this part, and hides the standard lead and the quote steps. Nothing here needs
 * JavaScript.
 */
function UrgentThanks({ target, regional, uncovered, actions, note }: NonNullable<HeroBlockProps['urgent']>) {
  const line = 'urgent-target max-w-2xl text-xl font-semibold text-white sm:text-2xl';
  return (
    <div className="urgent-thanks mt-5">
      {responseAreas().map((area) => (
        <p key={area.anchor} id={area.anchor} className={line}>
          {(area.city ? target.replace('{area}', area.city) : regional).replace('{hours}', area.hours)}
        </p>
      ))}
      {uncovered ? (
        <p id={CALL_NOW_ANCHOR} className={line}>
          {uncovered}
        </p>
      ) : null}
      <ActionRow actions={actions} onDark />
      <p className="mt-5 max-w-2xl text-lg text-slate-100">{note}</p>
    </div>
  );
}

/** The page's opening: the h1, its lead, the calls to action, and artwork or a form. */
export function HeroBlock({ eyebrow, heading, lead, actions, highlights, note, children, asideOnDesktop = false, art, photo, aside, urgent }: HeroBlockProps) {
  // A photo is the owner's choice for this page: it takes the place of the artwork or the map, and
  // phones see it too, unless their column holds the form.
  const photoEverywhere = photo !== undefined && !children;
  return (
    <section
      data-call-location={callLocations.hero}
      className="on-dark relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white"
      aria-labelledby="page-title"
    >
      <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[3fr_2fr]">
        <div>
          {eyebrow ? <p className="mb-3 font-semibold tracking-wide text-sky-200 uppercase">{eyebrow}</p> : null}
          <h1 id="page-title" className="text-3xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {heading}
          </h1>
          {urgent ? <UrgentThanks {...urgent} /> : null}
          <p className={`mt-4 max-w-2xl text-lg text-slate-100 sm:text-xl${urgent ? ' standard-thanks' : ''}`}>{lead}</p>
          {note ? (
            <p className="mt-4 font-medium text-slate-100" data-testid="hero-note">
              {note.before}
              {note.time ? <time dateTime={note.time.dateTime}>{note.time.label}</time> : null}
              {note.after}
            </p>
          ) : null}
          <ActionRow actions={actions} onDark />
          {highlights && highlights.length > 0 ? (
            <ul className="mt-6 grid gap-2 sm:grid-cols-2">
              {highlights.map((h) => (
                <li key={h} className="flex items-start gap-2 text-slate-100">
                  <Check className="mt-0.5 size-5 shrink-0 text-sky-300" aria-hidden="true" />
                  {h}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {children ? <div className={asideOnDesktop ? '' : 'lg:hidden'}>{children}</div> : null}
        {photoEverywhere ? (
          <div>
            <HeroPhoto {...photo} eager />
          </div>
        ) : !asideOnDesktop || !children ? (
          <div className="hidden lg:block">{photo ? <HeroPhoto {...photo} eager={false} /> : (aside ?? <HeroArt art={art} />)}</div>
        ) : null}
      </div>
    </section>
  );
}
