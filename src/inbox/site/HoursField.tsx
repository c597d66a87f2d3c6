import { describedBy, useGroupField, type FieldProps } from './form-context.ts';
import { formWords } from './form-words.ts';
import { FieldGroup } from './FieldGroup.tsx';
import { HoursDay } from './HoursDay.tsx';
import { rowsOf, timeChoices, weekOf, type DayHours } from './office-week.ts';

/**
 * Office hours as a week: each day open between two times, in the 12-hour form the site shows, or
 * closed with what the site says instead. The rows the business details keep are made from it.
 */
export function HoursField({ schema, value, path, label, optional }: FieldProps) {
  const { form, id, error, helpId } = useGroupField(schema, path);
  const week = weekOf(value);
  const times = timeChoices(week.flatMap((d) => [d.opens, d.closes]));
  // A row's problem (a closing time before its opening) is shown at the top of the week.
  const rowProblems = Object.entries(form.errors).filter(([key]) => key.startsWith(`${path.join('.')}.`));
  const problem = error ?? (rowProblems.map(([, message]) => message).join(' ') || undefined);
  const problemId = problem ? id('error') : undefined;
  const closedText = week.find((d) => d.opens === '' && d.whenClosed !== '')?.whenClosed ?? '';
  const change = (next: DayHours) => form.set(path, rowsOf(week.map((d) => (d.day === next.day ? next : d))));
  return (
    <FieldGroup
      label={label}
      optional={optional}
      help={formWords.hours.help}
      helpId={helpId}
      error={problem}
      errorId={problemId}
      describedBy={describedBy(problemId, helpId)}
    >
      <ul className="mt-2 divide-y divide-slate-200">
        {week.map((day, i) => (
          <HoursDay key={day.day} idBase={i === 0 ? id() : id(day.day)} day={day} times={times} closedText={closedText} onChange={change} />
        ))}
      </ul>
    </FieldGroup>
  );
}
