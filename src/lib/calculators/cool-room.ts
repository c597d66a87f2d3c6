/** Cool room sizing from daily food purchases (the business's rule of thumb: 1.5-2 m³ per $1000), matched to the standard sizes or a custom room. */
import type { Range } from './restaurant.ts';

export interface CoolRoomRules {
  cubicMetresPer1000: Range;
  /** Internal height assumed to turn floor sizes into volumes, in metres (cited in the calculator's copy). */
  internalHeight: number;
  /** Side lengths of the standard square rooms, in metres. */
  standardSides: number[];
  /** Largest custom room side, in metres. */
  customMaxSide: number;
  /** Custom sides are rounded up to this step, in metres. */
  customStep: number;
}

export type CoolRoomChoice =
  { kind: 'standard'; side: number; volume: number } | { kind: 'custom'; side: number; volume: number } | { kind: 'beyond'; maxVolume: number };

export interface CoolRoomEstimate {
  volume: Range;
  /** Each standard size with its internal volume and whether it holds the upper figure. */
  standard: { side: number; volume: number; fits: boolean }[];
  choice: CoolRoomChoice;
}

const roomVolume = (side: number, height: number) => side * side * height;

export function estimateCoolRoom(dailyPurchases: number, rules: CoolRoomRules): CoolRoomEstimate {
  const thousands = dailyPurchases / 1000;
  const volume = { low: thousands * rules.cubicMetresPer1000.low, high: thousands * rules.cubicMetresPer1000.high };
  const standard = [...rules.standardSides]
    .sort((a, b) => a - b)
    .map((side) => {
      const v = roomVolume(side, rules.internalHeight);
      return { side, volume: v, fits: v >= volume.high };
    });
  const fitting = standard.find((s) => s.fits);
  if (fitting) return { volume, standard, choice: { kind: 'standard', side: fitting.side, volume: fitting.volume } };
  const maxVolume = roomVolume(rules.customMaxSide, rules.internalHeight);
  if (volume.high > maxVolume) return { volume, standard, choice: { kind: 'beyond', maxVolume } };
  // Smallest square floor that holds the upper figure, rounded up to the step (and kept within the maximum).
  const exact = Math.sqrt(volume.high / rules.internalHeight);
  const side = Math.min(rules.customMaxSide, Math.ceil(exact / rules.customStep - 1e-9) * rules.customStep);
  return { volume, standard, choice: { kind: 'custom', side, volume: roomVolume(side, rules.internalHeight) } };
}
