import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderAt } from '#web/test/render.tsx'
import { SuspendDialog } from './suspend-dialog.tsx'

function renderDialog() {
  const onConfirm = vi.fn()
  const onClose = vi.fn()
  const { user } = renderAt(<SuspendDialog name="Grace Okafor" onConfirm={onConfirm} onClose={onClose} />)
  return { user, onConfirm, onClose }
}

describe('SuspendDialog', () => {
  it('is a labelled modal that starts in the reason box', () => {
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Suspend Grace Okafor?' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByLabelText('Reason (optional)')).toHaveFocus()
  })

  it('sends the trimmed reason', async () => {
    const { user, onConfirm } = renderDialog()
    await user.type(screen.getByLabelText('Reason (optional)'), '  Repeated spam  ')
    await user.click(screen.getByRole('button', { name: 'Suspend account' }))
    expect(onConfirm).toHaveBeenCalledWith('Repeated spam')
  })

  it('sends no reason when the box is left empty', async () => {
    const { user, onConfirm } = renderDialog()
    await user.type(screen.getByLabelText('Reason (optional)'), '   ')
    await user.click(screen.getByRole('button', { name: 'Suspend account' }))
    expect(onConfirm).toHaveBeenCalledWith(undefined)
  })

  it('refuses a reason over 300 characters', async () => {
    const { user, onConfirm } = renderDialog()
    await user.click(screen.getByLabelText('Reason (optional)'))
    await user.paste('x'.repeat(301))
    await user.click(screen.getByRole('button', { name: 'Suspend account' }))
    expect(await screen.findByText('Keep the reason under 300 characters')).toBeInTheDocument()
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('closes on Escape and on Cancel without suspending', async () => {
    const { user, onConfirm, onClose } = renderDialog()
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(2)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderDialog()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Suspend account' })).toHaveFocus()
    await user.tab()
    expect(screen.getByLabelText('Reason (optional)')).toHaveFocus()
  })
})
