import { FORM_END } from '~/lib/platform/form-end'

/**
 * The last field of a form whose action reads it whole (lib/platform/form-end.ts): it must be the
 * form's last element, so that a form sent before the page had finished loading arrives without it.
 */
export function FormEnd() {
  return <input type="hidden" name={FORM_END.name} value={FORM_END.value} />
}
