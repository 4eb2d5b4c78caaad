/** How a figure moved against the period before, as a stat card says it. */
export interface Change {
  direction: 'up' | 'down' | 'same' | 'none'
  /** "12%", "<1%", "5 pts"; empty when there is nothing to compare with. */
  amount: string
}

/**
 * The change from `previous` to `current` in percent. With nothing before (previous 0) there is no
 * percentage to give, so it stays neutral rather than claiming an infinite rise.
 */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) return { direction: 'none', amount: '' }
  if (current === previous) return { direction: 'same', amount: '0%' }
  const pct = Math.abs(((current - previous) / previous) * 100)
  const rounded = Math.round(pct)
  return {
    direction: current > previous ? 'up' : 'down',
    amount: rounded === 0 ? '<1%' : `${rounded.toLocaleString('en')}%`,
  }
}

/** Passes over attempts, as a whole percentage; null with no attempts. */
export const passRate = (passes: number, attempts: number) =>
  attempts === 0 ? null : Math.round((passes / attempts) * 100)

/** A rate's change in percentage points ("5 pts"); neutral when either period had no attempts. */
export function pointsChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { direction: 'none', amount: '' }
  if (current === previous) return { direction: 'same', amount: '0 pts' }
  const points = Math.abs(current - previous)
  return {
    direction: current > previous ? 'up' : 'down',
    amount: `${points} ${points === 1 ? 'pt' : 'pts'}`,
  }
}
