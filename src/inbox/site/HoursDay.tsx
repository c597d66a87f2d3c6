import { fieldClass } from './form-context.ts';
import { formWords } from './form-words.ts';
import { TimeSelect } from './TimeSelect.tsx';
import type { DayHours } from './office-week.ts';

const w = formWords.hours;

interface HoursDayProps {
  /** Starts the ids of the day's controls (the first day's open box carries the field's own id). */
  idBase: string;
  day: DayHours;
  times: { value: string; label: string }[];
  /** What a day closed now says until the owner writes otherwise: another closed day's words. */
  closedText: string;
  onChange: (day: DayHours) => void;
}

/** One day of the week: open or closed, and its opening and closing times or what the site says when it is closed. */
export function HoursDay({ idBase, day, times, closedText, onChange }: HoursDayProps) {
  const open = day.opens !== '';
  const late = open && day.closes <= day.opens;
  return (
    <li className="py-2 sm:grid sm:grid-cols-[11rem_1fr] sm:items-start sm:gap-3">
      <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-900">
        <input
          id={idBase}
          type="checkbox"
          className="h-6 w-6 shrink-0 accent-brand-600"
          checked={open}
          onChange={(e) =>
            onChange(
              e.target.checked
                ? { ...day, opens: '07:00', closes: '18:00', whenClosed: '' }
                : { ...day, opens: '', closes: '', whenClosed: day.whenClosed || closedText },
            )
          }
        />
        {w.openOn(day.day)}
      </label>
      {open ? (
        <div className="grid grid-cols-2 gap-2">
          <TimeSelect
            id={`${idBase}--opens`}
            label={w.opens}
            context={w.onDay(day.day)}
            value={day.opens}
            times={times}
            onChange={(opens) => onChange({ ...day, opens })}
          />
          <TimeSelect
            id={`${idBase}--closes`}
            label={w.closes}
            context={w.onDay(day.day)}
            value={day.closes}
            times={times}
            problemId={late ? `${idBase}--late` : undefined}
            onChange={(closes) => onChange({ ...day, closes })}
          />
          {late && (
            <p id={`${idBase}--late`} className="col-span-2 font-semibold text-alert-700">
              {w.late}
            </p>
          )}
        </div>
      ) : (
        <div>
          <label htmlFor={`${idBase}--closed`} className="text-sm font-semibold text-slate-900">
            {w.whenClosed(day.day)}
          </label>
          <input
            id={`${idBase}--closed`}
            type="text"
            className={fieldClass}
            maxLength={60}
            value={day.whenClosed}
            onChange={(e) => onChange({ ...day, whenClosed: e.target.value })}
          />
        </div>
      )}
    </li>
  );
}
