import type { LadderAnswer, LadderInput } from '../../core/inbox-api/contract.ts';
import { LADDER_BOUNDS, ladderChannels } from '../../core/inbox-api/ladder-rules.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { RowMoves } from './RowMoves.tsx';

const w = words.ladder.editor;
type Step = LadderInput['steps'][number];

/** One step of the ladder: who, how, how many minutes after the round starts; moved up or removed. */
export function LadderStepRow({
  n,
  step,
  people,
  channels,
  onChange,
  onRemove,
  onUp,
}: {
  n: number;
  step: Step;
  people: LadderAnswer['people'];
  /** The ways this server can wake people; a saved step's own stays listed so it is not silently changed. */
  channels: LadderAnswer['channels'];
  onChange: (step: Step) => void;
  onRemove: () => void;
  onUp: (() => void) | undefined;
}) {
  const id = `ladder-step-${n}`;
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[2fr_1.5fr_1fr_auto] sm:items-end">
      <p className="font-semibold text-slate-900 sm:col-span-4">{w.step(n)}</p>
      <div>
        <label className={ui.label} htmlFor={`${id}-person`}>
          {w.person}
        </label>
        <select id={`${id}-person`} className={ui.field} value={step.user_id} onChange={(e) => onChange({ ...step, user_id: e.target.value })}>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.email}
              {p.has_mobile ? '' : w.noMobile}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={ui.label} htmlFor={`${id}-channel`}>
          {w.channel}
        </label>
        <select
          id={`${id}-channel`}
          className={ui.field}
          value={step.channel}
          onChange={(e) => onChange({ ...step, channel: e.target.value as Step['channel'] })}
        >
          {ladderChannels
            .filter((c) => channels.includes(c) || c === step.channel)
            .map((c) => (
              <option key={c} value={c}>
                {channels.includes(c) ? w.channels[c] : w.channelOff(w.channels[c] ?? c)}
              </option>
            ))}
        </select>
      </div>
      <div>
        <label className={ui.label} htmlFor={`${id}-after`}>
          {w.after}
        </label>
        <input
          id={`${id}-after`}
          className={ui.field}
          type="number"
          inputMode="numeric"
          min={0}
          max={LADDER_BOUNDS.afterMinutes}
          value={step.after_minutes}
          onChange={(e) => onChange({ ...step, after_minutes: Math.max(0, Math.floor(Number(e.target.value) || 0)) })}
        />
      </div>
      <RowMoves up={{ text: w.up, name: w.upName(n) }} remove={{ text: w.remove, name: w.removeName(n) }} onUp={onUp} onRemove={onRemove} />
    </li>
  );
}
