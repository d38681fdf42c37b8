import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'

/**
 * Warns before text typed in a form is lost: leaving the page inside the panel asks `message`
 * first (the browser's own dialog), and closing or reloading the tab asks the browser's standard
 * question. The form counts as changed from its first input until it is sent, and again after a
 * refused save (`answer` not ok: what was typed is still unsaved). Returns the handlers to spread
 * on the `<form>`.
 */
export function useUnsavedWarning(message: string, answer: { ok: boolean } | undefined) {
  const changed = useRef(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      changed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  )

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(message)) {
      changed.current = false
      blocker.proceed()
    } else blocker.reset()
  }, [blocker, message])

  useEffect(() => {
    changed.current = answer !== undefined && !answer.ok
  }, [answer])

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (changed.current) event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])

  const markChanged = () => {
    changed.current = true
  }
  return {
    onInput: markChanged,
    onChange: markChanged,
    onSubmit: () => {
      changed.current = false
    },
  }
}
