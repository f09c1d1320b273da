/** A row of named figures, each on its own tile (an account's balance, limit, terms …). */
export function FigureTiles({ figures }: { figures: readonly (readonly [string, string])[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {figures.map(([name, value]) => (
        <div key={name} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-600">{name}</dt>
          <dd className="mt-1 text-lg font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
