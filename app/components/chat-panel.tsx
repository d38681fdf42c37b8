import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import {
  type ChatEvent,
  type ChatOptionId,
  type ChatState,
  chatMessageText,
  chatTransition,
  currentOptions,
  initialChatState,
} from '~/lib/contact/chat'
import { useLocalizedPath, useRootData, useSiteMessages } from '~/lib/site/root-data'
import { ChatIcon, CloseIcon, SendIcon } from './ui/icons'
import { useToast } from './ui/toast'

type FocusTarget = 'options' | 'button'

/**
 * The clinic's floating quick-option chat helper (docs/product.md#chat-helper). A non-modal dialog: it does not trap
 * focus, Escape closes it, and focus goes into it on open and back to the button on close. The
 * conversation lives in the browser only. Loaded on first use by ChatWidget (chat-widget.tsx).
 */
export function ChatWidgetLoaded({ startOpen }: { startOpen: boolean }) {
  const { settings, locale } = useRootData()
  const t = useSiteMessages('chat')
  const lp = useLocalizedPath()
  const navigate = useNavigate()
  const toast = useToast()
  const [state, setState] = useState<ChatState>(() =>
    startOpen ? chatTransition(initialChatState, { type: 'open' }).state : initialChatState,
  )
  const id = useId()
  const panelId = `${id}panel`
  const titleId = `${id}title`
  const messageId = (n: number) => `${id}message-${n}`

  const buttonRef = useRef<HTMLButtonElement>(null)
  const scrollerRef = useRef<HTMLDivElement>(null)
  const optionsRef = useRef<HTMLDivElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const pendingFocus = useRef<FocusTarget | null>(startOpen ? 'options' : null)
  const wasOpen = useRef(false)

  function dispatch(event: ChatEvent, focus?: FocusTarget) {
    const result = chatTransition(state, event)
    setState(result.state)
    pendingFocus.current = result.state.open ? (focus ?? null) : state.open ? 'button' : null
    if (result.notice) toast({ title: t.liveChatTitle, description: t.liveChatText })
    if (result.navigateTo) navigate(lp(result.navigateTo))
  }

  // Focus and scrolling follow each change of the conversation.
  useEffect(() => {
    const target = pendingFocus.current
    pendingFocus.current = null
    if (target === 'button') buttonRef.current?.focus()
    if (target === 'options') {
      const first = optionsRef.current?.querySelector('button') ?? inputRef.current
      first?.focus()
    }
    const scroller = scrollerRef.current
    if (state.open && scroller) {
      const justOpened = !wasOpen.current
      const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      scroller.scrollTo({ top: scroller.scrollHeight, behavior: justOpened || reducedMotion ? 'instant' : 'smooth' })
    }
    wasOpen.current = state.open
  }, [state])

  const texts = { ...t, address: settings.address[locale] || settings.address.en }
  const options = currentOptions(state)
  const lastBot = [...state.messages].reverse().find((message) => message.sender === 'bot')

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={t.button}
        aria-expanded={state.open}
        aria-controls={panelId}
        onClick={() => dispatch({ type: state.open ? 'close' : 'open' }, 'options')}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && state.open) dispatch({ type: 'close' })
        }}
        className="fixed bottom-[calc(1rem_+_var(--offline-line,0px))] end-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-white shadow-lg hover:opacity-90"
      >
        {state.open ? <CloseIcon className="h-6 w-6" /> : <ChatIcon className="h-6 w-6" />}
      </button>
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- Escape anywhere in a dialog closes it */}
      <div
        id={panelId}
        role="dialog"
        aria-labelledby={titleId}
        aria-describedby={lastBot ? messageId(lastBot.id) : undefined}
        hidden={!state.open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation()
            dispatch({ type: 'close' })
          }
        }}
        className="fixed bottom-[calc(5rem_+_var(--offline-line,0px))] end-4 z-40 flex h-[500px] max-h-[calc(100dvh_-_6rem_-_var(--offline-line,0px))] w-[calc(100vw-2rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl sm:w-[350px]"
      >
        <div className="flex items-center gap-3 bg-primary px-4 py-3 text-white">
          <div className="flex-1">
            <h2 id={titleId} className="font-bold">
              {t.title}
            </h2>
            <p className="text-sm opacity-95">{t.subtitle}</p>
          </div>
          <button
            type="button"
            aria-label={t.close}
            onClick={() => dispatch({ type: 'close' })}
            className="rounded p-1 hover:bg-white/15 focus-visible:outline-white"
          >
            <CloseIcon />
          </button>
        </div>
        <div ref={scrollerRef} className="flex-1 overflow-y-auto p-4">
          <div role="log" aria-live="polite" aria-label={t.log} className="flex flex-col gap-3">
            {state.messages.map((message) => (
              <p
                key={message.id}
                id={messageId(message.id)}
                className={
                  message.sender === 'bot'
                    ? 'max-w-[85%] self-start rounded-2xl rounded-ss-sm bg-slate-100 px-3 py-2 text-sm text-slate-900'
                    : 'max-w-[85%] self-end rounded-2xl rounded-se-sm bg-primary px-3 py-2 text-sm text-white'
                }
              >
                <span className="sr-only">{message.sender === 'bot' ? t.senderBot : t.senderUser} </span>
                {chatMessageText(message, texts)}
              </p>
            ))}
          </div>
          {options.length > 0 ? (
            <div ref={optionsRef} role="group" aria-label={t.quickReplies} className="mt-3 flex flex-col items-start gap-2">
              {options.map((option: ChatOptionId) => (
                <button
                  key={option}
                  type="button"
                  onClick={() => dispatch({ type: 'choose', option }, 'options')}
                  className="rounded-full border border-primary px-3 py-1.5 text-start text-sm font-bold text-primary hover:bg-primary/10"
                >
                  {texts.options[option]}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <form
          className="flex items-center gap-2 border-t border-slate-200 p-3"
          onSubmit={(event) => {
            event.preventDefault()
            dispatch({ type: 'submitText', text: inputRef.current?.value ?? '' })
          }}
        >
          <label htmlFor={`${id}input`} className="sr-only">
            {t.inputLabel}
          </label>
          <input
            ref={inputRef}
            id={`${id}input`}
            type="text"
            autoComplete="off"
            placeholder={t.inputPlaceholder}
            className="min-w-0 flex-1 rounded-md border border-slate-400 px-3 py-2 text-sm placeholder:text-slate-500"
          />
          <button type="submit" aria-label={t.send} className="rounded-md bg-primary p-2 text-white hover:opacity-90">
            <SendIcon />
          </button>
        </form>
      </div>
    </>
  )
}
