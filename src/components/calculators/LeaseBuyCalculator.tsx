import { fillTemplate, formatNumber, formatNzd } from '../../lib/calculators/format.ts';
import { compareLeaseBuy } from '../../lib/calculators/lease-buy.ts';
import type { CalculatorOf } from '../../lib/calculators/content-schema.ts';
import { CalculatorShell } from './CalculatorShell.tsx';
import { ResultTable } from './ResultTable.tsx';
import { useFigures } from './useFigures.ts';

interface Props {
  id: string;
  copy: CalculatorOf<'leaseBuy'>;
}

/** Lease or buy: price, monthly payment, term and tax rate in; the article's comparison table out. */
export function LeaseBuyCalculator({ id, copy }: Props) {
  const { figures, values, shown } = useFigures(copy.inputs);
  const { labels } = copy;
  const c = values ? compareLeaseBuy({ ...values, taxRate: values.taxRate / 100 }) : null;
  const rate = values ? `${formatNumber(values.taxRate, 2)}%` : '';

  let gap = '';
  if (c) {
    const template = c.extraBeforeTax > 0 ? labels.more : c.extraBeforeTax < 0 ? labels.less : labels.same;
    gap = fillTemplate(template, { before: formatNzd(Math.abs(c.extraBeforeTax)), after: formatNzd(Math.abs(c.extraAfterTax)) });
  }
  const rows: [string, string, string][] = c
    ? [
        [labels.upfront, formatNzd(c.lease.upfront), formatNzd(c.buy.upfront)],
        [labels.monthly, fillTemplate(labels.monthlyValue, { amount: shown.monthly, months: shown.months }), labels.none],
        [labels.total, formatNzd(c.lease.total), formatNzd(c.buy.total)],
        [fillTemplate(labels.taxValue, { rate }), formatNzd(c.lease.taxValue), formatNzd(c.buy.taxValue)],
        [labels.afterTax, formatNzd(c.lease.afterTax), formatNzd(c.buy.afterTax)],
      ]
    : [];

  return (
    <CalculatorShell
      id={id}
      copy={copy}
      figures={figures}
      result={
        c && (
          <>
            <span className="block text-lg font-semibold text-brand-900">
              {fillTemplate(labels.headline, {
                leaseTotal: formatNzd(c.lease.total),
                leaseAfterTax: formatNzd(c.lease.afterTax),
                buyTotal: formatNzd(c.buy.total),
                buyAfterTax: formatNzd(c.buy.afterTax),
              })}
            </span>
            <span className="mt-2 block text-lg font-semibold text-brand-900">{gap}</span>
          </>
        )
      }
      table={
        c && {
          place: 'before',
          node: <ResultTable caption={labels.caption} columns={[labels.item, labels.lease, labels.buy]} rows={rows} />,
        }
      }
      summary={
        c &&
        fillTemplate(copy.summary, {
          price: shown.price,
          monthly: shown.monthly,
          months: shown.months,
          rate,
          leaseTotal: formatNzd(c.lease.total),
          leaseAfterTax: formatNzd(c.lease.afterTax),
          buyAfterTax: formatNzd(c.buy.afterTax),
        })
      }
    />
  );
}
