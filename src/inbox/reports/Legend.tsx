export interface LegendItem {
  key: string;
  label: string;
  /** Classes that draw the swatch: a coloured square, or a line for a line chart. */
  swatch: string;
}

/** What each colour in a chart stands for, in words. */
export function Legend({ label, items }: { label: string; items: LegendItem[] }) {
  return (
    <ul aria-label={label} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          <span aria-hidden="true" className={`inline-block shrink-0 ${item.swatch}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
