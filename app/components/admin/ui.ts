/** Shared looks of the admin panel's forms (neutral colours: the panel does not follow the site theme). Buttons: `ui/button`. */
export const adminInput =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus:border-slate-900 focus:outline-none focus:ring-2 focus:ring-slate-900/30'
export const adminLabel = 'block text-sm font-medium text-slate-800'
export const adminCard = 'rounded-lg border border-slate-200 bg-white p-6 shadow-sm'
