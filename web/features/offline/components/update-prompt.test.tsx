import { act, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createUpdateOffer } from '../update-offer.ts'
import { UpdatePrompt } from './update-prompt.tsx'

// The new version's offer (decision 054): the worker waits for the reader's Reload, and the page
// reloads once, only when this reader asked.

function setUp() {
  const reload = vi.fn()
  const skipWaiting = vi.fn(async () => {})
  const update = createUpdateOffer(reload)
  render(<UpdatePrompt update={update} />)
  return { update, reload, skipWaiting, user: userEvent.setup() }
}
const announcer = () => document.getElementById('inkwell-announcer')

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits', () => {
    setUp()
    expect(screen.queryByRole('region', { name: 'New version' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument()
  })

  it('offers the new version, says so, and keeps focus where the reader is', async () => {
    const { update, skipWaiting } = setUp()
    const before = document.activeElement
    act(() => update.offer(skipWaiting))
    const prompt = screen.getByRole('region', { name: 'New version' })
    expect(prompt).toHaveTextContent('A new version is ready')
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible()
    expect(document.activeElement).toBe(before)
    await vi.waitFor(() =>
      expect(announcer()).toHaveTextContent('A new version is ready. Reload when you are ready.'),
    )
  })

  it('Reload lets the waiting worker take over, then reloads once when it has', async () => {
    const { update, reload, skipWaiting, user } = setUp()
    act(() => update.offer(skipWaiting))
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    expect(skipWaiting).toHaveBeenCalledTimes(1)
    // Not before the new worker controls the page: the old one would answer the reload.
    expect(reload).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled()
    act(() => update.tookOver())
    act(() => update.tookOver())
    expect(reload).toHaveBeenCalledTimes(1)
    // A second press does not ask again.
    act(() => update.accept())
    expect(skipWaiting).toHaveBeenCalledTimes(1)
  })

  it('never reloads under the reader when another tab let the new version in: it offers Reload', async () => {
    const { update, reload, skipWaiting, user } = setUp()
    act(() => update.offer(skipWaiting))
    act(() => update.tookOver())
    expect(reload).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Reload' }))
    // The new worker is already in charge: nothing to wait for.
    expect(skipWaiting).not.toHaveBeenCalled()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('offers Reload when the new version took over before this tab saw it waiting', () => {
    const { update, reload } = setUp()
    act(() => update.tookOver())
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible()
    expect(reload).not.toHaveBeenCalled()
  })

  it('Later puts the offer away without reloading or swapping', async () => {
    const { update, reload, skipWaiting, user } = setUp()
    act(() => update.offer(skipWaiting))
    await user.click(screen.getByRole('button', { name: 'Later' }))
    expect(screen.queryByRole('region', { name: 'New version' })).not.toBeInTheDocument()
    expect(skipWaiting).not.toHaveBeenCalled()
    expect(reload).not.toHaveBeenCalled()
  })
})
