import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '#web/lib/format.ts'
import { TimeAgo } from './time-ago.tsx'

const NOW = Date.parse('2026-11-24T12:00:00.000Z')
const HOUR = 60 * 60_000

describe('TimeAgo', () => {
  it('reads relative while recent, with the exact date and time on hover and in the markup', () => {
    const iso = new Date(NOW - 2 * HOUR).toISOString()
    render(<TimeAgo iso={iso} now={NOW} />)
    const time = screen.getByText('2 hours ago')
    expect(time.tagName).toBe('TIME')
    expect(time).toHaveAttribute('datetime', iso)
    expect(time).toHaveAttribute('title', formatDateTime(iso))
  })

  it('reads as a date after a week, the year only when it is not this one', () => {
    const { rerender } = render(<TimeAgo iso="2026-11-02T09:30:00.000Z" now={NOW} />)
    expect(screen.getByText('2 Nov')).toHaveAttribute('title', formatDateTime('2026-11-02T09:30:00.000Z'))
    rerender(<TimeAgo iso="2025-03-14T09:30:00.000Z" now={NOW} />)
    expect(screen.getByText('14 Mar 2025')).toBeInTheDocument()
  })
})
