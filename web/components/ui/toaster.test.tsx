import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOAST_AUTO_CLOSE_MS } from '#common/constants.ts'
import { Toaster, toast } from './toaster.tsx'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
})

const messages = () => within(screen.getByRole('region', { name: 'Updates' }))
const later = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('Toaster', () => {
  it('announces news politely and an error at once, in a region that is always there', () => {
    render(<Toaster />)
    expect(screen.getByRole('region', { name: 'Updates' })).toHaveAttribute('aria-live', 'polite')
    act(() => {
      toast.success('Saved')
      toast.info('Welcome back')
      toast.error('That did not work')
    })
    expect(
      messages()
        .getAllByRole('status')
        .map((item) => item.textContent),
    ).toEqual(['Saved', 'Welcome back'])
    expect(messages().getByRole('alert')).toHaveTextContent('That did not work')
  })

  it(`closes by itself after ${TOAST_AUTO_CLOSE_MS} ms, or at once with Dismiss`, () => {
    render(<Toaster />)
    act(() => {
      toast.success('First')
    })
    later(TOAST_AUTO_CLOSE_MS - 1)
    expect(messages().getByRole('status')).toHaveTextContent('First')
    later(1)
    expect(messages().queryByRole('status')).toBeNull()

    act(() => {
      toast.success('Second')
    })
    fireEvent.click(messages().getByRole('button', { name: 'Dismiss' }))
    expect(messages().queryByRole('status')).toBeNull()
  })

  it('waits while it is hovered or focused, so a message being read does not go', () => {
    render(<Toaster />)
    act(() => {
      toast.info('Read me slowly')
    })
    const item = messages().getByRole('status')
    fireEvent.mouseEnter(item)
    later(TOAST_AUTO_CLOSE_MS * 3)
    expect(item).toBeInTheDocument()
    fireEvent.mouseLeave(item)
    fireEvent.focus(messages().getByRole('button', { name: 'Dismiss' }))
    later(TOAST_AUTO_CLOSE_MS * 3)
    expect(messages().getByRole('status')).toBeInTheDocument()
    fireEvent.blur(messages().getByRole('button', { name: 'Dismiss' }))
    later(TOAST_AUTO_CLOSE_MS)
    expect(messages().queryByRole('status')).toBeNull()
  })

  it('shows a toast with an id once, however often it is asked for', () => {
    render(<Toaster />)
    act(() => {
      toast.info('Admins only', { toastId: 'admins-only' })
      toast.info('Admins only', { toastId: 'admins-only' })
    })
    expect(messages().getAllByRole('status')).toHaveLength(1)
  })
})
