import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '#web/test/render.tsx'
import { RejectDialog } from './reject-dialog.tsx'

function renderDialog() {
  const onConfirm = vi.fn()
  const onClose = vi.fn()
  const { user } = renderAt(
    <RejectDialog title="The lighthouse keeper" onConfirm={onConfirm} onClose={onClose} />,
  )
  return { user, onConfirm, onClose }
}

describe('RejectDialog', () => {
  it('starts in the reason box', () => {
    renderDialog()
    expect(screen.getByRole('dialog', { name: 'Send “The lighthouse keeper” back?' })).toBeInTheDocument()
    expect(screen.getByLabelText('What should change?')).toHaveFocus()
  })

  it('refuses a blank reason', async () => {
    const { user, onConfirm } = renderDialog()
    await user.type(screen.getByLabelText('What should change?'), '   ')
    await user.click(screen.getByRole('button', { name: 'Send back' }))
    expect(await screen.findByText('Tell the author why')).toBeInTheDocument()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('refuses a reason over 500 characters', async () => {
    const { user, onConfirm } = renderDialog()
    await user.click(screen.getByLabelText('What should change?'))
    await user.paste('x'.repeat(501))
    await user.click(screen.getByRole('button', { name: 'Send back' }))
    expect(await screen.findByText('Keep the reason under 500 characters')).toBeInTheDocument()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('closes on Cancel without rejecting', async () => {
    const { user, onConfirm, onClose } = renderDialog()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
