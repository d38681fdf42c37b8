/** Shared looks of link-buttons on the public pages (site colour via `bg-primary`). */
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
