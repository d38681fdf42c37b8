import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Messages } from '~/locales'
import type { AdminSectionId } from '~/lib/access/sections'
import { LIST_PATH } from '~/lib/access/sections'
import { deskKindsOf, pendingTotal, titleWithCount, type DeskEvent } from '~/lib/desk-events/desk-events'
import { useDeskConnection } from '~/lib/desk-events/use-desk-events'
import { useHydrated } from './feedback'

/** The on/off choice of this browser (not patient data). */
const STORAGE_KEY = 'desk-alerts'

type Permission = 'unsupported' | NotificationPermission

/**
 * New requests reach the staff member at once (docs/product.md#requests): the pending count in the
 * tab title, and, once they turn alerts on here, a notification with a short sound. The
 * notification names no one, as lock screens show it. Shown only to roles that work requests.
 *
 * The server renders the block as it first looks in the browser (the button, not yet usable, and
 * the "off" line, with room for the "on" one), so nothing below it moves when the page hydrates: on
 * a phone the sidebar sits above the page, and a moving list turns a tap into a tap on the wrong
 * link. Only a click can make the longer lines (blocked, unsupported) appear.
 */
export function DeskAlerts({ messages, sections }: { messages: Messages['admin']; sections: readonly AdminSectionId[] }) {
  const t = messages.deskAlerts
  const kinds = deskKindsOf(sections)
  const navigate = useNavigate()
  // The button works only with JavaScript: usable once the page has hydrated.
  const ready = useHydrated()
  // This page's choice; until one is made, this browser's stored one (read once hydrated).
  const [choice, setChoice] = useState<boolean | null>(null)
  const enabled = choice ?? (ready && readChoice() && notificationPermission() === 'granted')
  const [refusal, setRefusal] = useState<'blocked' | 'unsupported' | null>(null)
  const audio = useRef<AudioContext | null>(null)

  const counts = useDeskConnection(kinds, (event: DeskEvent) => {
    if (!readChoice() || notificationPermission() !== 'granted') return
    const notification = new Notification(event.kind === 'appointment' ? t.newAppointment : t.newRegistration, {
      body: t.notificationBody,
      tag: `desk-${event.kind}-${event.id}`,
    })
    notification.onclick = () => {
      window.focus()
      void navigate(event.kind === 'appointment' ? LIST_PATH.appointments : LIST_PATH.registrations)
      notification.close()
    }
    chime(audio)
  })

  usePendingTitle(pendingTotal(counts))

  if (kinds.length === 0) return null

  async function toggle() {
    if (enabled) {
      saveChoice(false)
      setChoice(false)
      return
    }
    if (notificationPermission() === 'unsupported') {
      setRefusal('unsupported')
      return
    }
    // Created during the click, so the browser lets it play later.
    audio.current ??= typeof AudioContext === 'undefined' ? null : new AudioContext()
    const answer = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
    const on = answer === 'granted'
    setRefusal(on ? null : 'blocked')
    saveChoice(on)
    setChoice(on)
  }

  return (
    <div className="mt-3">
      <button
        type="button"
        disabled={!ready}
        onClick={() => void toggle()}
        className="rounded-md border border-slate-500 px-3 py-1.5 text-sm font-medium text-slate-100 hover:bg-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white disabled:opacity-60"
      >
        {enabled ? t.turnOff : t.turnOn}
      </button>
      {/* Two lines (text-xs: 1rem each) are kept for the status: the "on" line wraps in the sidebar. */}
      <p role="status" className="mt-1 min-h-8 text-xs text-slate-300">
        {refusal ? t[refusal] : enabled ? t.onStatus : t.offStatus}
      </p>
    </div>
  )
}

function notificationPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

function readChoice(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'on'
  } catch {
    return false
  }
}

function saveChoice(on: boolean) {
  try {
    if (on) window.localStorage.setItem(STORAGE_KEY, 'on')
    else window.localStorage.removeItem(STORAGE_KEY)
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** Two short tones made in the browser (no sound file, no other site). */
function chime(audio: React.RefObject<AudioContext | null>) {
  try {
    audio.current ??= typeof AudioContext === 'undefined' ? null : new AudioContext()
    const context = audio.current
    if (!context) return
    void context.resume()
    const start = context.currentTime
    const gain = context.createGain()
    gain.connect(context.destination)
    gain.gain.setValueAtTime(0.0001, start)
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.5)
    const tone = context.createOscillator()
    tone.type = 'sine'
    tone.frequency.setValueAtTime(880, start)
    tone.frequency.setValueAtTime(1320, start + 0.15)
    tone.connect(gain)
    tone.start(start)
    tone.stop(start + 0.5)
  } catch {
    // No sound is no failure: the notification is shown.
  }
}

/** Keeps "(n) " in front of the page title while n requests are pending, whatever title the page sets. */
function usePendingTitle(count: number) {
  useEffect(() => {
    const apply = () => {
      const wanted = titleWithCount(document.title, count)
      if (document.title !== wanted) document.title = wanted
    }
    apply()
    const observer = new MutationObserver(apply)
    observer.observe(document.head, { childList: true, subtree: true, characterData: true })
    return () => {
      observer.disconnect()
      document.title = titleWithCount(document.title, 0)
    }
  }, [count])
}
