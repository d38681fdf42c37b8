/**
 * A table of the staff panel: its column headings, and the rows the screen draws.
 *
 * With `cards`, the table becomes one card per row on screens narrower than 48rem (phones): the
 * headings are hidden and each cell (a `DataCell`) shows its own label, so nothing needs sideways
 * scrolling. Printing keeps the table, whatever the paper's width.
 */
export function DataTable({
  columns,
  className = '',
  cards = false,
  children,
}: {
  columns: readonly string[]
  className?: string
  cards?: boolean
  children: React.ReactNode
}) {
  const box = 'overflow-x-auto rounded-lg border border-slate-200 bg-white print:overflow-visible print:border-slate-400'
  return (
    <div
      className={`${cards ? 'max-md:not-print:overflow-visible max-md:not-print:border-0 max-md:not-print:bg-transparent' : ''} ${box} ${className}`}
    >
      <table className={`min-w-full divide-y divide-slate-200 text-sm ${cards ? 'max-md:not-print:block' : ''}`}>
        <thead className={`bg-slate-100 ${cards ? 'max-md:not-print:hidden' : ''}`}>
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col" className="px-4 py-3 text-start font-semibold text-slate-800">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className={`divide-y divide-slate-100 ${cards ? 'max-md:not-print:block max-md:not-print:space-y-3 max-md:not-print:divide-y-0' : ''}`}
        >
          {children}
        </tbody>
      </table>
    </div>
  )
}

/** A row of a `cards` table: a card on phones. */
export const dataRowClass =
  'break-inside-avoid max-md:not-print:block max-md:not-print:rounded-lg max-md:not-print:border max-md:not-print:border-slate-200 max-md:not-print:bg-white max-md:not-print:p-3 max-md:not-print:shadow-sm'

/** A cell of a `cards` table; on phones it shows `label` before its content. */
export function DataCell({ label, className = '', children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <td
      data-label={label}
      className={`px-4 py-3 align-top md:whitespace-nowrap print:whitespace-normal max-md:not-print:flex max-md:not-print:flex-wrap max-md:not-print:items-baseline max-md:not-print:gap-x-2 max-md:not-print:px-0 max-md:not-print:py-1 max-md:not-print:[overflow-wrap:anywhere] max-md:not-print:before:font-semibold max-md:not-print:before:text-slate-700 max-md:not-print:before:content-[attr(data-label)] ${className}`}
    >
      {children}
    </td>
  )
}
