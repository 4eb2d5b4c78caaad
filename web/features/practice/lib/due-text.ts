const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * When a card comes due, from `now`: "now", "in 1 minute", "in 10 minutes", "in 3 hours",
 * "tomorrow", "in 3 days", then the date ("on 12 Dec", UTC's).
 */
export function dueText(iso: string, now: number): string {
  const wait = new Date(iso).getTime() - now
  if (Number.isNaN(wait)) return ''
  if (wait < 30_000) return 'now'
  if (wait < HOUR) {
    const minutes = Math.max(1, Math.round(wait / MINUTE))
    return minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`
  }
  if (wait < DAY) {
    const hours = Math.round(wait / HOUR)
    return hours === 1 ? 'in 1 hour' : `in ${hours} hours`
  }
  const days = Math.round(wait / DAY)
  if (days === 1) return 'tomorrow'
  if (days < 30) return `in ${days} days`
  return `on ${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })}`
}
