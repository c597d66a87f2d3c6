/** The inbox's shared class names: one look for buttons, fields and cards. */
export const ui = {
  button:
    'inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  secondary:
    'inline-flex min-h-11 items-center justify-center rounded-md border-2 border-brand-600 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 aria-disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  danger:
    'inline-flex min-h-11 items-center justify-center rounded-md bg-alert-700 px-4 py-2 font-semibold text-white hover:bg-alert-600 disabled:opacity-60 aria-disabled:opacity-60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-alert-700',
  field:
    'mt-1 block w-full min-h-11 rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
  label: 'block font-semibold text-slate-900',
  card: 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm',
  h1: 'text-2xl font-bold text-brand-900',
  h2: 'text-lg font-bold text-brand-900',
  /** A message the inbox moves the focus to (tabindex -1), outlined as a control is, so a sighted keyboard user sees where they are. */
  shownFocus: 'focus:outline-3 focus:outline-offset-2 focus:outline-brand-600',
  link: 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600',
};
