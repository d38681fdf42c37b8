import { useEffect, useRef } from 'react'
import type { KeptState } from '~/lib/forms/public-form-state'
import type { PublicMessages } from '~/locales'

type KeptTexts = PublicMessages['forms']['kept']

/**
 * The request kept on this phone (docs/decisions/022-offline.md): waiting to be sent when the
 * connection returns, refused by the server (its message is in the notice above), or removed
 * after 7 days. The visitor can discard a kept request.
 */
export function KeptNotice({
  id,
  kept,
  texts,
  onDiscard,
  takeFocus,
}: {
  id: string
  kept: KeptState
  texts: KeptTexts
  onDiscard?: () => void
  /** Whether it is the form's notice (no other above it): it takes focus when it shows or changes. */
  takeFocus: boolean
}) {
  const own = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (takeFocus) own.current?.focus()
  }, [takeFocus, kept])
  const [title, text] =
    kept === 'expired' ? [texts.expiredTitle, texts.expiredText] : [texts.title, kept === 'refused' ? texts.refusedText : texts.text]
  return (
    <div
      ref={own}
      id={id}
      tabIndex={-1}
      role="status"
      aria-labelledby={`${id}-title`}
      data-kept={kept}
      className="rounded-lg border border-amber-700 bg-amber-50 p-4 text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary"
    >
      <p id={`${id}-title`} className="font-bold">
        {title}
      </p>
      <p className="mt-1 text-sm">{text}</p>
      {kept !== 'expired' && onDiscard ? (
        <button
          type="button"
          onClick={onDiscard}
          className="mt-3 rounded-md border border-amber-800 px-4 py-2 text-sm font-bold hover:bg-amber-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2"
        >
          {texts.discard}
        </button>
      ) : null}
    </div>
  )
}
