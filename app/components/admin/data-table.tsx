/** A table of the staff panel: its column headings, and the rows the screen draws. */
export function DataTable({
  columns,
  className = '',
  children,
}: {
  columns: readonly string[]
  className?: string
  children: React.ReactNode
}) {
  return (
    <div className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-100">
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col" className="px-4 py-3 text-start font-semibold text-slate-800">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  )
}
