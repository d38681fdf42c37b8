import { createContext, useContext } from 'react'

/**
 * Below which width a `cards` table shows one card per row: `md` (48rem, phones) for the request
 * lists, `lg` (64rem) for a table whose cells hold forms (the staff accounts), which needs a laptop's
 * width. Each set is written out whole, so that Tailwind finds its classes.
 */
const CARD_CLASSES = {
  md: {
    box: 'max-md:not-print:overflow-visible max-md:not-print:border-0 max-md:not-print:bg-transparent',
    table: 'max-md:not-print:block',
    head: 'max-md:not-print:hidden',
    body: 'max-md:not-print:block max-md:not-print:space-y-3 max-md:not-print:divide-y-0',
    row: 'max-md:not-print:block max-md:not-print:rounded-lg max-md:not-print:border max-md:not-print:border-slate-200 max-md:not-print:bg-white max-md:not-print:p-3 max-md:not-print:shadow-sm',
    cell: 'max-md:not-print:flex max-md:not-print:flex-wrap max-md:not-print:items-baseline max-md:not-print:gap-x-2 max-md:not-print:px-0 max-md:not-print:py-1 max-md:not-print:[overflow-wrap:anywhere] max-md:not-print:before:font-semibold max-md:not-print:before:text-slate-700 max-md:not-print:before:content-[attr(data-label)]',
  },
  lg: {
    box: 'max-lg:not-print:overflow-visible max-lg:not-print:border-0 max-lg:not-print:bg-transparent',
    table: 'max-lg:not-print:block',
    head: 'max-lg:not-print:hidden',
    body: 'max-lg:not-print:block max-lg:not-print:space-y-3 max-lg:not-print:divide-y-0',
    row: 'max-lg:not-print:block max-lg:not-print:rounded-lg max-lg:not-print:border max-lg:not-print:border-slate-200 max-lg:not-print:bg-white max-lg:not-print:p-3 max-lg:not-print:shadow-sm',
    cell: 'max-lg:not-print:flex max-lg:not-print:flex-wrap max-lg:not-print:items-baseline max-lg:not-print:gap-x-2 max-lg:not-print:px-0 max-lg:not-print:py-1 max-lg:not-print:[overflow-wrap:anywhere] max-lg:not-print:before:font-semibold max-lg:not-print:before:text-slate-700 max-lg:not-print:before:content-[attr(data-label)]',
  },
} as const

type CardsBelow = keyof typeof CARD_CLASSES

const CardsContext = createContext<CardsBelow | null>(null)

/**
 * A table of the staff panel: its column headings, and the rows the screen draws (`DataRow`s).
 *
 * With `cards`, the table becomes one card per row on screens narrower than the breakpoint (`md`
 * unless given): the headings are hidden and each cell (a `DataCell`) shows its own label, so
 * nothing needs sideways scrolling. Cells wrap their text up to 80rem, so that the table fits a
 * laptop's screen beside the sidebar. Printing keeps the table, whatever the paper's width.
 */
export function DataTable({
  columns,
  className = '',
  cards = false,
  children,
}: {
  columns: readonly string[]
  className?: string
  cards?: boolean | CardsBelow
  children: React.ReactNode
}) {
  const below = cards === true ? 'md' : cards || null
  const look = below ? CARD_CLASSES[below] : null
  const box = 'overflow-x-auto rounded-lg border border-slate-200 bg-white print:overflow-visible print:border-slate-400'
  return (
    <CardsContext value={below}>
      <div className={`${look?.box ?? ''} ${box} ${className}`}>
        <table className={`min-w-full divide-y divide-slate-200 text-sm ${look?.table ?? ''}`}>
          <thead className={`bg-slate-100 ${look?.head ?? ''}`}>
            <tr>
              {columns.map((label) => (
                <th key={label} scope="col" className="px-3 py-3 text-start font-semibold text-slate-800 xl:px-4">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={`divide-y divide-slate-100 ${look?.body ?? ''}`}>{children}</tbody>
        </table>
      </div>
    </CardsContext>
  )
}

/** A row of a table: a card on narrow screens when the table has `cards`. */
export function DataRow({ className = '', children }: { className?: string; children: React.ReactNode }) {
  const below = useContext(CardsContext)
  return <tr className={`break-inside-avoid ${below ? CARD_CLASSES[below].row : ''} ${className}`}>{children}</tr>
}

/**
 * A cell of a table; in a card it shows `label` before its content. From 80rem its text keeps to
 * one line, unless it `wraps` (a cell of forms).
 */
export function DataCell({
  label,
  wraps = false,
  className = '',
  children,
}: {
  label: string
  wraps?: boolean
  className?: string
  children: React.ReactNode
}) {
  const below = useContext(CardsContext)
  return (
    <td
      data-label={label}
      className={`px-3 py-3 align-top xl:px-4 ${wraps ? '' : 'xl:whitespace-nowrap print:whitespace-normal'} ${below ? CARD_CLASSES[below].cell : ''} ${className}`}
    >
      {children}
    </td>
  )
}
