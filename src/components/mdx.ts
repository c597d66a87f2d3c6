/** Components MDX bodies may use without importing them (business facts from the config, the calculators), and the element that wraps Markdown tables. */
import { BusinessName, EmailLink, EmergencyLineLink, Price, QuoteWithin } from './BusinessFacts.tsx';
import ScrollableTable from './ScrollableTable.astro';
import Calculator from './calculators/Calculator.astro';

export const mdxComponents = {
  Business: BusinessName,
  Email: EmailLink,
  EmergencyLine: EmergencyLineLink,
  QuoteWithin,
  Price,
  table: ScrollableTable,
  Calculator,
};
