import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { CloseIcon } from './icons'

/** SPEC §4: at most one toast, dismissed after 5000 ms or by a 50 px swipe. */
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50

export interface ToastInput {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
}

interface ToastItem extends ToastInput {
  id: number
}

type ShowToast = (toast: ToastInput) => void

const ToastContext = createContext<ShowToast>(() => {})

export function useToast(): ShowToast {
  return useContext(ToastContext)
}

interface ToastMessages {
  close: string
  region: string
}

export function ToastProvider({ children, messages }: { children: React.ReactNode; messages: ToastMessages }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)

  const show = useCallback<ShowToast>((toast) => {
    const id = nextId.current++
    setToasts((current) => [{ ...toast, id }, ...current].slice(0, TOAST_LIMIT))
  }, [])

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The live region is always present so that screen readers announce what appears in it. */}
      <section
        aria-label={messages.region}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:bottom-auto sm:top-0 sm:items-end"
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} closeLabel={messages.close} onDismiss={() => dismiss(toast.id)} />
        ))}
      </section>
    </ToastContext.Provider>
  )
}

function Toast({ toast, closeLabel, onDismiss }: { toast: ToastItem; closeLabel: string; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0)
  const [paused, setPaused] = useState(false)
  const start = useRef<number | null>(null)

  useEffect(() => {
    if (paused) return
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [paused, onDismiss])

  const destructive = toast.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      data-variant={toast.variant ?? 'default'}
      className={`pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg transition-transform ${
        destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'
      }`}
      // Only set while swiping, in the browser: the server never renders a style attribute (CSP).
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={(event) => {
        start.current = event.clientX
        setPaused(true)
      }}
      onPointerMove={(event) => {
        if (start.current !== null) setOffset(event.clientX - start.current)
      }}
      onPointerUp={() => {
        if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) onDismiss()
        start.current = null
        setOffset(0)
        setPaused(false)
      }}
      onPointerCancel={() => {
        start.current = null
        setOffset(0)
        setPaused(false)
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex-1">
        <p className="font-bold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-95">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="rounded p-1 opacity-80 hover:opacity-100"
        aria-label={closeLabel}
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  )
}
