/**
 * The field a form sends last, so that its action can tell a whole form from one cut short.
 *
 * Without JavaScript, a button pressed while the page is still arriving sends only the fields the
 * browser has read so far. For a form whose buttons sit among its fields (a list with a row's Move
 * and Remove buttons, tabs, a hidden first Save button for Enter), the fields after that point are
 * missing, and a list saved from it would lose its last items. Such a form ends with this field
 * (components/editor/form-end.tsx), and its action reads it with `readForm(request, { whole: true })`,
 * which refuses a form without it and changes nothing.
 */
export const FORM_END = { name: 'formEnd', value: '1' } as const
