import { fillTemplate, formatNumber, formatNzd, formatRange } from '../../lib/calculators/format.ts';
import { runningCost } from '../../lib/calculators/running-cost.ts';
import type { CalculatorOf } from '../../lib/calculators/content-schema.ts';
import { CalculatorShell } from './CalculatorShell.tsx';
import { ResultList } from './ResultList.tsx';
import { useFigures } from './useFigures.ts';

interface Props {
  id: string;
  copy: CalculatorOf<'runningCost'>;
}

/** Running cost and savings: kWh a day and price per kWh in; annual cost and the saving range in dollars out. */
export function RunningCostCalculator({ id, copy }: Props) {
  const { figures, values, shown } = useFigures(copy.inputs);
  const { labels, rules } = copy;
  const r = values ? runningCost(values.kwhPerDay, values.pricePerKwh, rules) : null;
  const percent = (share: number) => formatNumber(share * 100, 1);
  const perYear = (value: string) => fillTemplate(labels.perYear, { value });
  const saving = r ? formatRange(formatNzd(r.saving.low), formatNzd(r.saving.high)) : '';

  return (
    <CalculatorShell
      id={id}
      copy={copy}
      figures={figures}
      result={
        r && (
          <ResultList
            items={[
              { label: labels.kwhPerYear, value: fillTemplate(labels.kwh, { value: formatNumber(r.kwhPerYear, 2) }) },
              { label: labels.costPerYear, value: perYear(formatNzd(r.costPerYear)) },
              { label: fillTemplate(labels.saving, { low: percent(rules.saving.low), high: percent(rules.saving.high) }), value: perYear(saving) },
              { label: labels.costAfter, value: perYear(formatRange(formatNzd(r.costAfter.low), formatNzd(r.costAfter.high))) },
            ]}
          />
        )
      }
      summary={
        r &&
        fillTemplate(copy.summary, {
          kwhPerDay: shown.kwhPerDay,
          price: shown.pricePerKwh,
          cost: formatNzd(r.costPerYear),
          savingRange: `${percent(rules.saving.low)}-${percent(rules.saving.high)}`,
          saving,
        })
      }
    />
  );
}
