// Dates, counts and labels as every screen writes them (British order, like the rest of the copy).
// Dates are UTC's, for every reader (decision 030): the server draws public pages before it knows
// the reader's time zone, and the browser must draw the same text when it hydrates them.

const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

/** "21 Nov 2026" */
export const formatDate = (iso: string) => shortDate.format(new Date(iso))
/** "21 November 2026" */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso))
/** "21 Nov 2026, 14:05 UTC" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

const monthShort = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' })
const monthLong = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`)
/** "2026-11" (a UTC month, as the server sends it) → "Nov": under a chart's bars. */
export const formatMonth = (month: string) => monthShort.format(monthStart(month))
/** "2026-11" → "November 2026" */
export const formatLongMonth = (month: string) => monthLong.format(monthStart(month))

/** "1 view", "2 views" */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? singular : plural}`

/** "1.2k": counts on cards stay short; the accessible label says the exact number. */
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })
export const formatCompact = (n: number) => compact.format(n)
