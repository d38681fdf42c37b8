import { useId, useState } from 'react'
import { useSiteMessages } from '~/lib/site/root-data'
import { ChatIcon } from './ui/icons'

type Loaded = typeof import('./chat-panel').ChatWidgetLoaded

let loading: Promise<Loaded> | undefined
function loadChat(): Promise<Loaded> {
  loading ??= import('./chat-panel').then((module) => module.ChatWidgetLoaded)
  return loading
}

/**
 * The chat helper's launcher. The button and the closed panel are rendered by the server; the
 * conversation's code is fetched when a visitor reaches for the button (hover, focus or press), so
 * pages that nobody chats on do not pay for it.
 */
export function ChatWidget() {
  const t = useSiteMessages('chat')
  const [Widget, setWidget] = useState<Loaded | null>(null)
  const id = useId()
  if (Widget) return <Widget startOpen />

  const open = () => void loadChat().then((component) => setWidget(() => component))
  return (
    <>
      <button
        type="button"
        aria-label={t.button}
        aria-expanded={false}
        aria-controls={`${id}panel`}
        onClick={open}
        onPointerEnter={() => void loadChat()}
        onFocus={() => void loadChat()}
        className="fixed bottom-[calc(1rem_+_var(--offline-line,0px))] end-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white shadow-lg hover:opacity-90"
      >
        <ChatIcon className="h-6 w-6" />
      </button>
      <div id={`${id}panel`} role="dialog" aria-labelledby={`${id}title`} hidden>
        <h2 id={`${id}title`}>{t.title}</h2>
      </div>
    </>
  )
}
