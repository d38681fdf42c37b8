/**
 * The looks of buttons and link-buttons. The public pages take the site colour (`bg-primary`, set
 * by the theme); the staff panel stays neutral whatever the theme, so a badly chosen colour never
 * makes the editor itself hard to use.
 */

// Public pages
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-6 py-3 font-bold text-white shadow-sm transition-colors hover:bg-primary/90'
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border-2 border-primary bg-white px-6 py-3 font-bold text-primary transition-colors hover:bg-primary/10'
export const smallPrimaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-bold text-white transition-colors hover:bg-primary/90'
export const smallSecondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-primary px-4 py-2 text-sm font-bold text-primary transition-colors hover:bg-primary/10'
/** Beside the placeholder page's 'Request This Feature' button, at the same size. */
export const placeholderActionClass =
  'rounded-md border border-primary bg-primary px-5 py-2.5 font-bold text-white transition-colors hover:bg-primary/90'

// Staff panel: sign-in, requests and staff screens
export const adminButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60'
export const adminSecondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60'
export const adminDangerButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60'

// Staff panel: the site editor's screens
export const editorButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-blue-700 px-5 py-2.5 font-bold text-white hover:bg-blue-800 disabled:cursor-wait disabled:opacity-70'
export const editorSecondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50'
export const editorDangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-red-700 bg-white px-3 py-1.5 text-sm font-bold text-red-700 hover:bg-red-50'
export const editorIconButton =
  'inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40'
