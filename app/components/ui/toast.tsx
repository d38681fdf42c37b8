import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { CheckIcon, CloseIcon } from './icons'

/** At most one toast, dismissed after 5000 ms or by a swipe of more than 50 px (docs/product.md#toasts). */
const TOAST_LIMIT = 1
const TOAST_DURATION_MS = 5000
const TOAST_SWIPE_THRESHOLD_PX = 50

interface ToastInput {
  title: string
  description?: string
  /** 'success' draws the check mark of the icon set (an emoji may have no font to draw it). */
  variant?: 'default' | 'success' | 'destructive'
}

interface ToastItem extends ToastInput {
  id: number
  /** The page it was shown on: a toast says something about that page and goes when the page does. */
  pathname: string
}

/** Where the toasts sit: at the top, or at the bottom where a banner at the top must stay readable. */
export type ToastPlacement = 'top' | 'bottom'

type ShowToast = (toast: ToastInput) => void

const ToastContext = createContext<ShowToast>(() => {})

export function useToast(): ShowToast {
  return useContext(ToastContext)
}

interface ToastMessages {
  close: string
  region: string
}

export function ToastProvider({
  children,
  messages,
  placement = 'top',
}: {
  children: React.ReactNode
  messages: ToastMessages
  placement?: ToastPlacement
}) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const nextId = useRef(1)
  const { pathname } = useLocation()

  const show = useCallback<ShowToast>((toast) => {
    const id = nextId.current++
    // A new toast replaces the oldest one beyond the limit.
    setToasts((current) => [{ ...toast, id, pathname: window.location.pathname }, ...current].slice(0, TOAST_LIMIT))
  }, [])

  // Another page (signing out, for one, leads to the login page): the toasts of the last one go.
  // A page that shows a toast as it opens does so after this, with its own path.
  const [shownOn, setShownOn] = useState(pathname)
  if (shownOn !== pathname) {
    setShownOn(pathname)
    setToasts((current) => current.filter((toast) => toast.pathname === pathname))
  }

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const render = (region: 'polite' | 'assertive') =>
    toasts
      .filter((toast) => toast.pathname === pathname && (toast.variant === 'destructive') === (region === 'assertive'))
      .map((toast) => <Toast key={toast.id} toast={toast} closeLabel={messages.close} onDismiss={dismiss} />)

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/*
        Both live regions are always in the document, so that screen readers announce what is put
        into them (a live region created together with its text is often not announced). Ordinary
        notices are polite; destructive ones (errors) are assertive. On the public site toasts sit at
        the top, clear of the floating buttons and the chat panel at the bottom; in the admin panel
        at the bottom, clear of the banner at the top.
      */}
      <div
        data-placement={placement}
        className={`pointer-events-none fixed inset-x-0 z-[100] p-4 print:hidden ${placement === 'top' ? 'top-0' : 'bottom-0'}`}
      >
        <div role="status" aria-live="polite" aria-label={messages.region} className="flex w-full flex-col items-center gap-2 sm:items-end">
          {render('polite')}
        </div>
        <div
          role="alert"
          aria-live="assertive"
          aria-label={messages.region}
          className="flex w-full flex-col items-center gap-2 sm:items-end"
        >
          {render('assertive')}
        </div>
      </div>
    </ToastContext.Provider>
  )
}

function Toast({ toast, closeLabel, onDismiss }: { toast: ToastItem; closeLabel: string; onDismiss: (id: number) => void }) {
  const [offset, setOffset] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const swipe = useRef<{ pointerId: number; startX: number } | null>(null)
  const [swiping, setSwiping] = useState(false)
  // The time left before the toast goes; hovering, focusing or swiping it pauses the countdown.
  const remaining = useRef(TOAST_DURATION_MS)
  const paused = hovered || focused || swiping

  useEffect(() => {
    if (paused) return
    const started = Date.now()
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current = Math.max(0, remaining.current - (Date.now() - started))
    }
  }, [paused, onDismiss, toast.id])

  function endSwipe(dismiss: boolean) {
    swipe.current = null
    setSwiping(false)
    setOffset(0)
    if (dismiss) onDismiss(toast.id)
  }

  const destructive = toast.variant === 'destructive'
  return (
    <div
      data-variant={toast.variant ?? 'default'}
      className={`pointer-events-auto flex w-full max-w-sm touch-pan-y select-none items-start gap-3 rounded-lg border p-4 shadow-lg ${
        swiping ? '' : 'transition-transform'
      } ${destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900'}`}
      // Only set while swiping, in the browser: the server never renders a style attribute (CSP).
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerDown={(event) => {
        // The close button keeps its ordinary click.
        if (event.button !== 0 || (event.target as Element).closest('button')) return
        event.currentTarget.setPointerCapture(event.pointerId)
        swipe.current = { pointerId: event.pointerId, startX: event.clientX }
        setSwiping(true)
      }}
      onPointerMove={(event) => {
        if (swipe.current?.pointerId !== event.pointerId) return
        setOffset(event.clientX - swipe.current.startX)
      }}
      onPointerUp={(event) => {
        if (swipe.current?.pointerId !== event.pointerId) return
        endSwipe(Math.abs(event.clientX - swipe.current.startX) > TOAST_SWIPE_THRESHOLD_PX)
      }}
      onPointerCancel={() => endSwipe(false)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      {toast.variant === 'success' ? <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" /> : null}
      <div className="flex-1">
        <p className="font-bold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-95">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="rounded p-1 opacity-80 hover:opacity-100"
        aria-label={closeLabel}
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  )
}
