import { estimateCoolRoom } from '../../lib/calculators/cool-room.ts';
import { fillTemplate, formatNumber, formatRange } from '../../lib/calculators/format.ts';
import type { CalculatorOf } from '../../lib/calculators/content-schema.ts';
import { CalculatorShell } from './CalculatorShell.tsx';
import { ResultList } from './ResultList.tsx';
import { ResultTable } from './ResultTable.tsx';
import { useFigures } from './useFigures.ts';

interface Props {
  id: string;
  copy: CalculatorOf<'coolRoom'>;
}

/** Cool room size estimator: daily food purchases in; storage volume and the room that holds it out, beside the standard sizes' volumes. */
export function CoolRoomCalculator({ id, copy }: Props) {
  const { figures, values, shown } = useFigures(copy.inputs);
  const { labels, rules } = copy;
  const estimate = values ? estimateCoolRoom(values.purchases, rules) : null;
  const m3 = (v: number) => fillTemplate(labels.cubicMetres, { value: formatNumber(v, 2) });
  const room = (side: number) => fillTemplate(labels.roomName, { side: formatNumber(side, 1) });

  let verdict = '';
  let summaryRoom = '';
  if (estimate) {
    const { choice } = estimate;
    if (choice.kind === 'beyond') {
      const largest = room(rules.customMaxSide);
      verdict = fillTemplate(labels.beyond, { room: largest, volume: m3(choice.maxVolume) });
      summaryRoom = fillTemplate(labels.beyondRoom, { room: largest });
    } else {
      verdict = fillTemplate(choice.kind === 'standard' ? labels.standard : labels.custom, { room: room(choice.side), volume: m3(choice.volume) });
      summaryRoom = room(choice.side);
    }
  }
  const volume = estimate
    ? fillTemplate(labels.cubicMetres, { value: formatRange(formatNumber(estimate.volume.low, 2), formatNumber(estimate.volume.high, 2)) })
    : '';
  const caption = fillTemplate(labels.sizesCaption, { height: formatNumber(rules.internalHeight, 2) });

  return (
    <CalculatorShell
      id={id}
      copy={copy}
      figures={figures}
      result={
        estimate && (
          <>
            <ResultList items={[{ label: labels.volume, value: volume }]} />
            <span className="mt-3 block text-lg font-semibold text-brand-900">{verdict}</span>
          </>
        )
      }
      table={
        estimate && {
          place: 'after',
          node: (
            <ResultTable
              className="mt-4"
              caption={caption}
              columns={[labels.size, labels.roomVolume, labels.holds]}
              rows={estimate.standard.map((s) => [room(s.side), m3(s.volume), s.fits ? labels.yes : labels.no])}
            />
          ),
        }
      }
      summary={estimate && fillTemplate(copy.summary, { purchases: shown.purchases, volume, room: summaryRoom })}
    />
  );
}
