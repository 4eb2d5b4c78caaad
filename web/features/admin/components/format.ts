const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** "21 Nov 2026" */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso))
/** "21 Nov 2026, 14:05" */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso))
