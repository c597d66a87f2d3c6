import { useEffect, useRef, useState } from 'react';
import { useEscapeCloses } from './useEscapeCloses.ts';
import { DoneOrCancel } from './DoneOrCancel.tsx';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { fieldClass } from './form-context.ts';
import type { Table } from './table-text.ts';

const w = words.site.format;

interface TableEditorProps {
  id: string;
  /** The table the cursor was in, or a new one. */
  start: Table;
  editing: boolean;
  onDone: (table: Table) => void;
  onCancel: () => void;
}

/**
 * A table of the text as cells to fill in, a row at a time (each row's cells one under another on a
 * phone), with rows and columns added or taken off the end. The text gets the table only when the
 * owner puts it there.
 */
export function TableEditor({ id, start, editing, onDone, onCancel }: TableEditorProps) {
  const [table, setTable] = useState<Table>(start);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const box = useRef<HTMLDivElement>(null);
  useEscapeCloses(box, onCancel);
  const columns = table.align.length;
  const setCell = (r: number, c: number, text: string) =>
    setTable({ ...table, rows: table.rows.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? text : cell)) : row)) });
  return (
    <div id={id} ref={box} className="mt-2 rounded-md border border-slate-300 bg-white p-3">
      <p className="text-slate-800">{editing ? w.tableEditing : w.tableNew}</p>
      {table.rows.map((row, r) => (
        <fieldset key={r} className="mt-3">
          <legend className="font-semibold text-slate-900">{r === 0 ? w.headingRow : w.row(r)}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">
            {row.map((cell, c) => (
              <div key={c}>
                <label htmlFor={`${id}-${r}-${c}`} className="text-sm text-slate-700">
                  {w.column(c + 1)}
                </label>
                <input
                  id={`${id}-${r}-${c}`}
                  ref={r === 0 && c === 0 ? first : undefined}
                  className={fieldClass}
                  value={cell}
                  autoComplete="off"
                  onChange={(e) => setCell(r, c, e.target.value)}
                />
              </div>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={ui.secondary} onClick={() => setTable({ ...table, rows: [...table.rows, Array.from({ length: columns }, () => '')] })}>
          {w.addRow}
        </button>
        <button type="button" className={ui.secondary} onClick={() => setTable({ rows: table.rows.map((row) => [...row, '']), align: [...table.align, ''] })}>
          {w.addColumn}
        </button>
        <button type="button" className={ui.secondary} disabled={table.rows.length <= 2} onClick={() => setTable({ ...table, rows: table.rows.slice(0, -1) })}>
          {w.removeRow}
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={columns <= 1}
          onClick={() => setTable({ rows: table.rows.map((row) => row.slice(0, -1)), align: table.align.slice(0, -1) })}
        >
          {w.removeColumn}
        </button>
      </div>
      <DoneOrCancel doneText={w.putTable} onDone={() => onDone(table)} onCancel={onCancel} />
    </div>
  );
}
