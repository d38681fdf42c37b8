import { editorIconButton } from '~/components/ui/button'

/** One icon button of a list row: what its intent does (`kind`), what it says, whether it can act now. */
export interface RowButton<K extends string> {
  kind: K
  label: string
  title?: string
  /** For a switch (shown or hidden): whether it is pressed. */
  pressed?: boolean
  possible: boolean
  icon: React.ReactNode
}

/**
 * An editor list row's icon buttons (show or hide, move up, move down …): each posts the form with
 * `intent=${kind}:${id}`, so that it works without JavaScript. One that cannot act now stays
 * focusable and does nothing; with `onPress`, the screen applies each at once instead of posting.
 * After the list is drawn again, the button named by `focus` (its intent) takes the focus.
 */
export function RowButtons<K extends string>({
  id,
  buttons,
  focus,
  onPress,
}: {
  id: string
  buttons: readonly RowButton<K>[]
  focus?: string
  onPress?: (kind: K) => void
}) {
  return buttons.map((button) => (
    <button
      key={button.kind}
      type="submit"
      name="intent"
      value={`${button.kind}:${id}`}
      className={editorIconButton}
      aria-label={button.label}
      title={button.title}
      aria-pressed={button.pressed}
      aria-disabled={button.possible ? undefined : true}
      onClick={(event) => {
        if (onPress || !button.possible) event.preventDefault()
        if (onPress && button.possible) onPress(button.kind)
      }}
      autoFocus={focus === `${button.kind}:${id}`}
    >
      {button.icon}
    </button>
  ))
}
