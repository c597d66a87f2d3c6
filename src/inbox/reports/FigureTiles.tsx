/** A row of four headline figures, each a tile with its label above it: two a row on a phone, four from md. */
export function FigureTiles({ figures }: { figures: readonly { label: string; value: string }[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
      {figures.map((f) => (
        <div key={f.label} className="flex flex-col gap-1 rounded-md bg-brand-50 p-3">
          <dt className="text-sm text-slate-700">{f.label}</dt>
          <dd className="mt-auto text-lg font-bold text-brand-900 tabular-nums min-[400px]:text-xl sm:text-2xl">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
