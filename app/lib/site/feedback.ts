/** The outcome of a staff save, shown as a toast and on the page. */
export interface Feedback {
  variant: 'success' | 'destructive'
  title: string
  text?: string
}
