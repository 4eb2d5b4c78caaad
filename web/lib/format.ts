// Dates and labels as every screen writes them (British order, like the rest of the copy).

const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** "21 Nov 2026" */
export const formatDate = (iso: string) => shortDate.format(new Date(iso))
/** "21 November 2026" */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso))
/** "21 Nov 2026, 14:05" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))
