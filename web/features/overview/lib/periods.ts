import type { OverviewDay, OverviewFigures, OverviewRange } from '#common/schemas/overview.ts'

/** How the chart's bars are cut: a bar a day up to 30 days, a week for 90, a month for 365. */
export type Grain = 'day' | 'week' | 'month'

export const grainFor = (days: OverviewRange): Grain => (days <= 30 ? 'day' : days <= 90 ? 'week' : 'month')

/** One bar: the days it sums, its labels, and its figures. */
export interface Period {
  /** First and last day it holds (a week or month at the edge of the range may be cut short). */
  from: string
  to: string
  /** Under the bar: "24", "Tue", "2 Nov", "Nov ’25". */
  label: string
  /** In the table and tooltips: "Tuesday 24 November 2026", "2–8 Nov 2026", "November 2026". */
  fullLabel: string
  figures: OverviewFigures
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`)
const fmt = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options })
const weekday = fmt({ weekday: 'short' })
const dayOfMonth = fmt({ day: 'numeric' })
const dayMonth = fmt({ day: 'numeric', month: 'short' })
const longWeekday = fmt({ weekday: 'long' })
const longDate = fmt({ day: 'numeric', month: 'long', year: 'numeric' })
/** "Tuesday 24 November 2026", without the comma some ICU versions put after the weekday. */
const longDay = (date: Date) => `${longWeekday.format(date)} ${longDate.format(date)}`
const dayMonthYear = fmt({ day: 'numeric', month: 'short', year: 'numeric' })
const shortMonth = fmt({ month: 'short' })
const longMonth = fmt({ month: 'long', year: 'numeric' })

const ZERO: OverviewFigures = {
  views: 0,
  likes: 0,
  comments: 0,
  freeSubscribers: 0,
  paidSubscribers: 0,
  bookSales: 0,
  bookRevenue: 0,
  examAttempts: 0,
  examPasses: 0,
}
/** "2–8 Nov 2026", "31 Aug – 6 Sept 2026", "29 Dec 2025 – 4 Jan 2026" (the same on every ICU). */
function dayRange(from: string, to: string) {
  if (from === to) return dayMonthYear.format(utc(from))
  const end = dayMonthYear.format(utc(to))
  if (from.slice(0, 7) === to.slice(0, 7)) return `${dayOfMonth.format(utc(from))}–${end}`
  if (from.slice(0, 4) === to.slice(0, 4)) return `${dayMonth.format(utc(from))} – ${end}`
  return `${dayMonthYear.format(utc(from))} – ${end}`
}

const KEYS = Object.keys(ZERO) as (keyof OverviewFigures)[]

function add(a: OverviewFigures, b: OverviewFigures): OverviewFigures {
  const sum = { ...a }
  for (const key of KEYS) sum[key] += b[key]
  return sum
}

/** The bucket a day falls in: itself, the Monday that starts its week, or its month. */
function bucketOf(day: string, grain: Grain) {
  if (grain === 'day') return day
  if (grain === 'month') return day.slice(0, 7)
  const date = utc(day)
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7))
  return date.toISOString().slice(0, 10)
}

function labelsOf(from: string, to: string, grain: Grain, days: number, first: boolean) {
  if (grain === 'day') {
    return {
      // Seven bars have room for the weekday; thirty only for the date.
      label: days <= 7 ? weekday.format(utc(from)) : dayOfMonth.format(utc(from)),
      fullLabel: longDay(utc(from)),
    }
  }
  if (grain === 'week') {
    return { label: dayMonth.format(utc(from)), fullLabel: dayRange(from, to) }
  }
  const start = utc(`${from.slice(0, 7)}-01`)
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0))
  const whole = from === start.toISOString().slice(0, 10) && to === end.toISOString().slice(0, 10)
  // A year of months starts and ends in the same month name: the year tells them apart.
  const year = first || start.getUTCMonth() === 0 ? ` ’${String(start.getUTCFullYear()).slice(2)}` : ''
  return {
    label: `${shortMonth.format(start)}${year}`,
    fullLabel: whole ? longMonth.format(start) : dayRange(from, to),
  }
}

/** Sums the day-by-day series into bars of `grain`, oldest first, each labelled for the chart. */
export function groupSeries(series: ReadonlyArray<OverviewDay>, grain: Grain): Period[] {
  const buckets = new Map<string, { from: string; to: string; figures: OverviewFigures }>()
  for (const { day, ...figures } of series) {
    const key = bucketOf(day, grain)
    const bucket = buckets.get(key)
    if (bucket) {
      bucket.to = day
      bucket.figures = add(bucket.figures, figures)
    } else {
      buckets.set(key, { from: day, to: day, figures: add(ZERO, figures) })
    }
  }
  return [...buckets.values()].map((bucket, i) => ({
    ...bucket,
    ...labelsOf(bucket.from, bucket.to, grain, series.length, i === 0),
  }))
}
