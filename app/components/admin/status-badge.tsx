import { useAdminMessages } from './admin-data'
import { LabelledField } from './field'
import { adminInput } from './ui'

const COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  confirmed: 'bg-blue-100 text-blue-900 ring-blue-300',
  contacted: 'bg-blue-100 text-blue-900 ring-blue-300',
  completed: 'bg-green-100 text-green-900 ring-green-300',
  enrolled: 'bg-green-100 text-green-900 ring-green-300',
  cancelled: 'bg-slate-200 text-slate-800 ring-slate-300',
  declined: 'bg-slate-200 text-slate-800 ring-slate-300',
  'no-show': 'bg-red-100 text-red-900 ring-red-300',
}

/** Capitalises a status the catalogue does not name ('on hold' → 'On hold'). */
function statusLabel(status: string, labels: Record<string, string>): string {
  return labels[status] ?? status.charAt(0).toUpperCase() + status.slice(1)
}

/** The status, capitalised, in a badge (docs/product.md#requests); yellow while pending, other statuses their own colours. */
export function StatusBadge({ status, labels }: { status: string; labels: Record<string, string> }) {
  return (
    <span
      data-status={status}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${COLOURS[status] ?? COLOURS.pending}`}
    >
      {statusLabel(status, labels)}
    </span>
  )
}

/** The labelled list of the statuses; `anyLabel` adds a first choice that stands for every status. */
export function StatusSelect({
  id,
  statuses,
  defaultValue,
  anyLabel,
}: {
  id: string
  statuses: readonly string[]
  defaultValue: string
  anyLabel?: string
}) {
  const messages = useAdminMessages()
  return (
    <LabelledField id={id} label={messages.requests.status}>
      {(wiring) => (
        <select {...wiring} name="status" defaultValue={defaultValue} key={defaultValue} className={`${adminInput} mt-1`}>
          {anyLabel ? <option value="">{anyLabel}</option> : null}
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status, messages.statuses)}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  )
}
