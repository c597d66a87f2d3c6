import { fillTemplate, formatNumber, formatRange } from '../../lib/calculators/format.ts';
import { sizeRestaurant, type Range } from '../../lib/calculators/restaurant.ts';
import type { CalculatorOf } from '../../lib/calculators/content-schema.ts';
import { CalculatorShell } from './CalculatorShell.tsx';
import { ResultList } from './ResultList.tsx';
import { useFigures } from './useFigures.ts';

interface Props {
  id: string;
  copy: CalculatorOf<'restaurantSizer'>;
}

/** Restaurant fridge and freezer sizer: seats in; litres, the fridge/freezer split and a set of fridges out. */
export function RestaurantSizerCalculator({ id, copy }: Props) {
  const { figures, values, shown } = useFigures(copy.inputs);
  const { labels, rules } = copy;
  const sizing = values ? sizeRestaurant(values.seats, rules) : null;
  const litres = (r: Range) => formatRange(formatNumber(r.low), formatNumber(r.high));
  const names = Object.fromEntries(rules.bands.map((b) => [b.key, b.name]));
  const units = sizing?.units.map((u) => fillTemplate(labels.unitCount, { count: String(u.count), name: names[u.key] ?? u.key })) ?? [];
  const percent = (share: number) => formatNumber(share * 100, 1);
  const room = sizing?.coolRoom;
  const coolRoom = room
    ? fillTemplate(labels.coolRoomValue, {
        name: rules.coolRooms.find((r) => r.key === room.key)?.name ?? room.key,
        litres: formatNumber(room.litres),
        share: formatNumber(room.share * 100, 0),
      })
    : '';

  return (
    <CalculatorShell
      id={id}
      copy={copy}
      figures={figures}
      result={
        sizing && (
          <ResultList
            items={[
              { label: labels.total, value: fillTemplate(labels.litres, { value: litres(sizing.total) }) },
              {
                label: fillTemplate(labels.fridge, { percent: percent(rules.fridgeShare) }),
                value: fillTemplate(labels.litres, { value: litres(sizing.fridge) }),
              },
              {
                label: fillTemplate(labels.freezer, { percent: percent(1 - rules.fridgeShare) }),
                value: fillTemplate(labels.litres, { value: litres(sizing.freezer) }),
              },
              {
                label: fillTemplate(labels.units, { litres: formatNumber(sizing.fridge.high) }),
                value: (
                  <span className="mt-1 block space-y-1 text-base font-semibold">
                    {units.map((u) => (
                      <span key={u} className="block">
                        {u}
                      </span>
                    ))}
                  </span>
                ),
              },
              ...(coolRoom ? [{ label: labels.coolRoom, value: coolRoom }] : []),
            ]}
          />
        )
      }
      summary={
        sizing &&
        fillTemplate(copy.summary, {
          seats: shown.seats,
          total: litres(sizing.total),
          fridge: litres(sizing.fridge),
          freezer: litres(sizing.freezer),
          units: units.join(', '),
          coolRoom,
        })
      }
    />
  );
}
