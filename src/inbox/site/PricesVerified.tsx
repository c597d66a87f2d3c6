import { PRICES_STALE_AFTER_DAYS } from '../../lib/price-dates.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';

const w = words.site;

/** "Prices last verified N days ago", marked as needing attention past the monthly check. */
export function PricesVerified({ days, date }: { days: number; date: string }) {
  const stale = days > PRICES_STALE_AFTER_DAYS;
  return (
    <section aria-labelledby="site-prices" className={`${ui.card} ${stale ? 'border-amber-500 bg-amber-50' : ''}`}>
      <h2 id="site-prices" className={ui.h2}>
        {w.pricesVerified(days)}
      </h2>
      <p className="mt-1 text-slate-700">
        <time dateTime={date}>
          {new Date(`${date}T00:00:00Z`).toLocaleDateString('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}
        </time>
        {'. '}
        {stale ? w.pricesStale : w.pricesFresh}
      </p>
    </section>
  );
}
