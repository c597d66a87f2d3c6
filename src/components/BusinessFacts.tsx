import { business } from '../config/site.ts';
import { priceText, type PriceKey } from '../../core/guide-prices.ts';

/** The business name, for MDX copy. */
export function BusinessName() {
  return <>{business.name}</>;
}

/** The quotes e-mail as a mailto link, for MDX copy. */
export function EmailLink() {
  return <a href={`mailto:${business.email}`}>{business.email}</a>;
}

/** How soon a quote follows ("24 hours"), from the business details, for MDX copy. */
export function QuoteWithin() {
  return <>{business.promises.quoteWithin}</>;
}

/** The 24/7 emergency line as a tel: link, for MDX copy. */
export function EmergencyLineLink() {
  return <a href={business.emergencyLine.href}>{business.emergencyLine.display}</a>;
}

/**
 * A price the guides quote, from the business details, for MDX copy ("NZ$1,500 to NZ$4,000",
 * "from about NZ$6,500"); first in a table cell it starts with a capital (site.css).
 */
export function Price({ of }: { of: PriceKey }) {
  return <span className="price">{priceText(business.prices[of])}</span>;
}
