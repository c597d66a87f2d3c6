import { useState, useSyncExternalStore } from 'react';
import { calculatorLabels } from '../../config/labels.ts';
import { fillTemplate, formatFigure, formatNumber, parseFigure, type ParseResult } from '../../lib/calculators/format.ts';
import type { FigureInput } from '../../lib/calculators/content-schema.ts';

export interface FigureState {
  name: string;
  input: FigureInput;
  raw: string;
  parsed: ParseResult;
  /** The inline message for a figure that cannot be used, in the calculator's words. */
  error: string | undefined;
  set: (raw: string) => void;
}

const subscribeNever = () => () => {};

/** False in the server render and during hydration, true once the island runs: controls appear only when they work. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export function errorMessage(input: FigureInput, parsed: ParseResult): string | undefined {
  if (parsed.ok) return undefined;
  return fillTemplate(calculatorLabels.errors[parsed.reason], {
    label: input.label,
    example: input.example,
    min: formatNumber(input.min, 2),
    max: formatNumber(input.max, 2),
  });
}

/**
 * The typed text of each figure, what it parses to and its message. `values` is every figure as a
 * number, or null while any of them is unusable (the result then asks for a correction instead of showing NaN).
 */
export function useFigures<K extends string>(
  inputs: Record<K, FigureInput>,
): { figures: FigureState[]; values: Record<K, number> | null; shown: Record<K, string> } {
  const names = Object.keys(inputs) as K[];
  const [raw, setRaw] = useState<Record<K, string>>(() => Object.fromEntries(names.map((n) => [n, String(inputs[n].default)])) as Record<K, string>);
  const figures = names.map((name) => {
    const input = inputs[name];
    const parsed = parseFigure(raw[name], input);
    return { name, input, raw: raw[name], parsed, error: errorMessage(input, parsed), set: (text: string) => setRaw((r) => ({ ...r, [name]: text })) };
  });
  const values = figures.every((f) => f.parsed.ok)
    ? (Object.fromEntries(figures.map((f) => [f.name, (f.parsed as { value: number }).value])) as Record<K, number>)
    : null;
  // The figures written back for summaries: "$2,000", "60".
  const shown = Object.fromEntries(figures.map((f) => [f.name, f.parsed.ok ? formatFigure(f.parsed.value, f.input.money) : f.raw])) as Record<K, string>;
  return { figures, values, shown };
}
