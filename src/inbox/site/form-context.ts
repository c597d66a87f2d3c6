import { createContext, use } from 'react';
import { ui } from '../ui.ts';
import { pathKey, type JsonSchema, type Path } from './json-schema.ts';
import type { Figure, TokenReading } from '../../../core/figure-repeats.ts';

/** What every field of one content form shares: its ids, the server's errors and the ways to change the entry. */
export interface FormContextValue {
  idPrefix: string;
  errors: Readonly<Record<string, string>>;
  set: (path: Path, next: unknown) => void;
  remove: (path: Path) => void;
  move: (path: Path, from: number, to: number) => void;
  /** The figures the business details hold: a text field that repeats one says so. */
  figures: readonly Figure[];
  /** Every token a text can hold and what it shows: a text field that holds one explains it. */
  tokens: readonly TokenReading[];
  /** Whether settings visitors never see are offered (owners): staff keep them as they are. */
  advanced: boolean;
}

/** What every field component takes: its part of the schema and of the entry, where that part is, and how it is named. */
export interface FieldProps {
  schema: JsonSchema;
  value: unknown;
  path: Path;
  label: string;
  /** Not in its object's `required`: it may be left empty, and then its key is removed. */
  optional: boolean;
}

/** A text box, number or select: the inbox's field, with a red edge while the server's error stands. */
export const fieldClass = `${ui.field} aria-invalid:border-2 aria-invalid:border-alert-700`;

export const FormContext = createContext<FormContextValue | null>(null);

export function useForm(): FormContextValue {
  const form = use(FormContext);
  if (!form) throw new Error('A schema field is drawn outside SchemaForm');
  return form;
}

/**
 * An element id for a path, valid in HTML and in a CSS selector: "blocks.2.heading" is
 * "<prefix>-blocks-2-heading"; a part of a field (its help, a button) adds "--help", "--up"...
 */
export function idOf(idPrefix: string, path: Path, suffix?: string): string {
  const key = pathKey(path).replace(/[^A-Za-z0-9_-]/g, '-') || 'root';
  return `${idPrefix}-${key}${suffix ? `--${suffix}` : ''}`;
}

/** The ids of the descriptions that exist, as aria-describedby wants them, or undefined for none. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length > 0 ? present.join(' ') : undefined;
}

/**
 * What a group of fields (a fieldset) needs to name its parts: ids under its path, the server's
 * error for it (at its path, or at `errorAlsoAt`), its help when the schema explains it and `help`
 * is wanted, and the ids that describe it.
 */
export function useGroupField(schema: JsonSchema, path: Path, { help = true, errorAlsoAt }: { help?: boolean; errorAlsoAt?: Path } = {}) {
  const form = useForm();
  const id = (suffix?: string) => idOf(form.idPrefix, path, suffix);
  const error = form.errors[pathKey(path)] ?? (errorAlsoAt ? form.errors[pathKey(errorAlsoAt)] : undefined);
  const errorId = error ? id('error') : undefined;
  const helpId = help && schema.description ? id('help') : undefined;
  return { form, id, error, errorId, helpId, describedBy: describedBy(errorId, helpId) };
}
