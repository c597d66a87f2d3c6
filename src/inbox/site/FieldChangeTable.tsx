import { words } from '../app-words.ts';
import { fieldName } from './field-name.ts';

const w = words.site.versions;

export interface FieldChangeRow {
  path: string;
  left: string | null;
  right: string | null;
}

interface FieldChangeTableProps {
  rows: readonly FieldChangeRow[];
  /** The two columns' headings, after "Field". */
  headings: { left: string; right: string };
  /** Before and after: the left side struck through, the right marked as added. */
  marked?: boolean;
  /** A border colour class for the rules between rows. */
  rule?: string;
}

/** Fields of an entry side by side, one row per field path, scrolling sideways on a phone. */
export function FieldChangeTable({ rows, headings, marked = false, rule = 'border-slate-200' }: FieldChangeTableProps) {
  const cell = `border-b ${rule} p-1 align-top`;
  const text = (value: string | null) => value ?? w.empty;
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone (axe's scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="mt-1 overflow-x-auto" tabIndex={0} role="region" aria-label={`${w.field}: ${headings.left}, ${headings.right}`}>
      <table className="w-full border-collapse text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className={cell}>
              {w.field}
            </th>
            <th scope="col" className={cell}>
              {headings.left}
            </th>
            <th scope="col" className={cell}>
              {headings.right}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path}>
              <th scope="row" className={`${cell} font-normal`}>
                {fieldName(row.path)}
              </th>
              <td className={`${cell} break-words`}>{marked ? <del className="bg-red-50 text-alert-700">{text(row.left)}</del> : text(row.left)}</td>
              <td className={`${cell} break-words`}>
                {marked ? <ins className="bg-green-50 text-green-900 no-underline">{text(row.right)}</ins> : text(row.right)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
