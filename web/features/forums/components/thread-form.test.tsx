import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { TITLE_MAX_LENGTH } from '#common/constants.ts'
import { ApiError } from '#web/lib/api-client.ts'
import { fillEditor, useEditorLayout } from '#web/test/editor.ts'
import { renderAt } from '#web/test/render.tsx'
import { ThreadForm } from './thread-form.tsx'

function show(onSubmit = vi.fn(async () => {})) {
  const onCancel = vi.fn()
  const view = renderAt(<ThreadForm submitLabel="Post thread" onSubmit={onSubmit} onCancel={onCancel} />)
  return { ...view, onSubmit, onCancel }
}

describe('ThreadForm', () => {
  useEditorLayout()

  it('counts the title against its limit and offers the formatting tools with the Markdown hint', async () => {
    const { user } = show()
    const title = screen.getByLabelText('Title')
    expect(title).toHaveAttribute('maxLength', String(TITLE_MAX_LENGTH))
    expect(screen.getByText(`0/${TITLE_MAX_LENGTH}`)).toBeInTheDocument()
    await user.type(title, 'Limits')
    expect(screen.getByText(`6/${TITLE_MAX_LENGTH}`)).toBeInTheDocument()
    for (const name of ['Bold', 'Italic', 'Inline code', 'Link', 'Bullet list', 'Numbered list', 'Quote'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Heading 2' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Image' })).not.toBeInTheDocument()
    expect(screen.getByText(/Markdown works as you type/)).toBeInTheDocument()
  })

  it('asks for a title and a body before sending anything', async () => {
    const { user, onSubmit } = show()
    await user.click(screen.getByRole('button', { name: 'Post thread' }))
    expect(await screen.findByText('Give your thread a title')).toBeInTheDocument()
    expect(screen.getByText('Write something')).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: 'Opening post' })).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends the title and the body', async () => {
    const { user, onSubmit } = show()
    await user.type(screen.getByLabelText('Title'), '  Limits, gently ')
    fillEditor('Opening post', '<p>What is a <strong>limit</strong>?</p>')
    await user.click(screen.getByRole('button', { name: 'Post thread' }))
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Limits, gently',
      bodyHtml: '<p>What is a <strong>limit</strong>?</p>',
    })
  })

  it('puts the server’s messages next to their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'bad_request', 'Check the thread', {
        title: 'A thread with this title was just posted',
        bodyHtml: 'Keep it under 50,000 characters',
      })
    })
    const { user } = show(onSubmit)
    await user.type(screen.getByLabelText('Title'), 'Limits')
    fillEditor('Opening post', '<p>Long</p>')
    await user.click(screen.getByRole('button', { name: 'Post thread' }))
    expect(await screen.findByText('A thread with this title was just posted')).toBeInTheDocument()
    expect(screen.getByText('Keep it under 50,000 characters')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Opening post' })).toHaveAttribute('aria-invalid', 'true')
  })

  it('explains a rate limit above the form', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(429, 'rate_limited', 'You have started 5 threads in 10 minutes. Try again shortly.')
    })
    const { user } = show(onSubmit)
    await user.type(screen.getByLabelText('Title'), 'Limits')
    fillEditor('Opening post', '<p>Again</p>')
    await user.click(screen.getByRole('button', { name: 'Post thread' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You have started 5 threads')
  })

  it('cancels', async () => {
    const { user, onCancel } = show()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalled()
  })
})
