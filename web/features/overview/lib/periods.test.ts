import { describe, expect, it } from 'vitest'
import type { OverviewDay } from '#common/schemas/overview.ts'
import { grainFor, groupSeries } from './periods.ts'

/** `n` days ending on `last`, oldest first, each with one view and `day of month` likes. */
function daysUntil(last: string, n: number): OverviewDay[] {
  const end = new Date(`${last}T00:00:00Z`)
  return Array.from({ length: n }, (_, i) => {
    const date = new Date(end)
    date.setUTCDate(end.getUTCDate() - (n - 1 - i))
    return {
      day: date.toISOString().slice(0, 10),
      views: 1,
      likes: date.getUTCDate(),
      comments: 0,
      freeSubscribers: 0,
      paidSubscribers: 0,
      bookSales: 0,
      bookRevenue: 250,
      examAttempts: 0,
      examPasses: 0,
    }
  })
}

describe('grainFor', () => {
  it('draws days up to 30 days, weeks for 90 and months for a year', () => {
    expect([7, 30, 90, 365].map((d) => grainFor(d as 7))).toEqual(['day', 'day', 'week', 'month'])
  })
})

describe('groupSeries', () => {
  it('keeps a bar a day, labelled by weekday for a week and by date for a month', () => {
    const week = groupSeries(daysUntil('2026-11-24', 7), 'day')
    expect(week).toHaveLength(7)
    expect(week.at(-1)).toMatchObject({ label: 'Tue', fullLabel: 'Tuesday 24 November 2026' })
    const month = groupSeries(daysUntil('2026-11-24', 30), 'day')
    expect(month).toHaveLength(30)
    expect(month[0]).toMatchObject({ from: '2026-10-26', label: '26' })
  })

  it('sums 90 days into Monday-to-Sunday weeks, the edges cut short and labelled as such', () => {
    const weeks = groupSeries(daysUntil('2026-11-24', 90), 'week')
    // 27 Aug 2026 is a Thursday: 4 days to Sunday 30 Aug, 12 whole weeks, then Mon 23–Tue 24 Nov.
    expect(weeks).toHaveLength(14)
    expect(weeks[0]).toMatchObject({ from: '2026-08-27', to: '2026-08-30', label: '27 Aug' })
    expect(weeks[0].figures.views).toBe(4)
    expect(weeks[1]).toMatchObject({
      from: '2026-08-31',
      to: '2026-09-06',
      fullLabel: '31 Aug – 6 Sept 2026',
    })
    expect(weeks[1].figures).toMatchObject({ views: 7, likes: 31 + 1 + 2 + 3 + 4 + 5 + 6, bookRevenue: 1750 })
    expect(weeks.at(-1)).toMatchObject({ from: '2026-11-23', to: '2026-11-24', fullLabel: '23–24 Nov 2026' })
    expect(weeks.reduce((sum, w) => sum + w.figures.views, 0)).toBe(90)
  })

  it('sums a year into calendar months, telling the two Novembers apart', () => {
    const months = groupSeries(daysUntil('2026-11-24', 365), 'month')
    expect(months).toHaveLength(13)
    expect(months[0]).toMatchObject({ from: '2025-11-25', to: '2025-11-30', label: 'Nov ’25' })
    expect(months[0].fullLabel).toBe('25–30 Nov 2025')
    expect(months[1]).toMatchObject({ label: 'Dec', fullLabel: 'December 2025' })
    expect(months[1].figures.views).toBe(31)
    expect(months[2]).toMatchObject({ label: 'Jan ’26', fullLabel: 'January 2026' })
    expect(months.at(-1)).toMatchObject({ label: 'Nov', fullLabel: '1–24 Nov 2026' })
    expect(months.reduce((sum, m) => sum + m.figures.views, 0)).toBe(365)
    expect(new Set(months.map((m) => m.fullLabel)).size).toBe(13)
  })
})
