import type { BlockOf } from '../../lib/content-schemas.ts';
import { Section } from '../Section.tsx';

/** A reference table with a caption and a header row; scrolls sideways on narrow screens. */
export function TableBlock({
  sectionId,
  heading,
  intro,
  caption,
  columns,
  rows,
  note,
  tone,
}: BlockOf<'table'> & { sectionId: string; tone?: 'white' | 'tint' }) {
  return (
    <Section id={sectionId} heading={heading} intro={intro} tone={tone}>
      {/* Focusable so keyboard users can scroll a wide table on a small screen. */}
      <div className="table-wrap mt-8 bg-white" role="group" aria-label={caption} tabIndex={0}>
        <table className="data-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="!bg-transparent !font-semibold">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {note ? <p className="mt-3 text-sm text-slate-600">{note}</p> : null}
    </Section>
  );
}
