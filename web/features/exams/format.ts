import { countOf } from '#web/lib/format.ts'

/** "45 min", "2 h 30 min" */
export function formatMinutes(minutes: number) {
  if (minutes < 60) return `${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m ? `${h} h ${m} min` : `${h} h`
}

/** "4 min 05 s", "38 s", "1 h 02 min": how long an attempt took. */
export function formatDuration(seconds: number) {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h) return `${h} h ${String(m).padStart(2, '0')} min`
  if (m) return `${m} min ${String(s).padStart(2, '0')} s`
  return `${s} s`
}

/** "87%", "66.7%" */
export const formatPercent = (percent: number) =>
  `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`

/** "7.5", "8": scores may carry partial credit. */
export const formatScore = (score: number) =>
  Number.isInteger(score) ? String(score) : score.toFixed(2).replace(/0$/, '')

/** "3 attempts allowed", "Unlimited attempts" */
export const attemptsLabel = (allowed: number | null) =>
  allowed === null ? 'Unlimited attempts' : `${countOf(allowed, 'attempt')} allowed`

/** "1 point", "3 points" */
export const formatPoints = (points: number) => countOf(points, 'point')
