import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { meBody } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { ReportButton } from './report-button.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const POST_ID = '6f1c1f9e-0000-4000-8000-0000000000a1'
const receipt = { id: '9c3e5a1d-0000-4000-8000-000000000001', status: 'open' }

function signedInWith(routes: Parameters<typeof stubFetch>[0] = {}) {
  fakeAuth.signedIn({ id: 'reader-2', name: 'Tomás Reyes', email: 'tomas@inkwell.test' })
  return stubFetch({ '/api/me': jsonResponse(meBody({ id: 'reader-2' })), ...routes })
}

const renderButton = () => renderAt(<ReportButton targetType="post" targetId={POST_ID} />).user

async function openDialog(user: ReturnType<typeof renderButton>) {
  await user.click(await screen.findByRole('button', { name: 'Report this post' }))
  return screen.findByRole('dialog', { name: 'Report this post' })
}

describe('ReportButton', () => {
  it('names a forum reply as what is reported, and sends it as one', async () => {
    const REPLY_ID = '7c2e9d10-0000-4000-8000-0000000000a1'
    const fetch = signedInWith({ 'POST /api/reports': jsonResponse(receipt, 201) })
    const { user } = renderAt(<ReportButton targetType="reply" targetId={REPLY_ID} />)
    await user.click(await screen.findByRole('button', { name: 'Report this reply' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this reply' })
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Thanks. An administrator will look at it.')).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/api/reports')[0][1])).toEqual({
      targetType: 'reply',
      targetId: REPLY_ID,
      reason: 'harassment',
      details: '',
    })
  })

  it('shows nothing to someone signed out', () => {
    fakeAuth.signedOut()
    stubFetch()
    renderButton()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('needs a reason, and details for "Something else", before sending anything', async () => {
    const fetch = signedInWith()
    const user = renderButton()
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByLabelText('Details')).toHaveAccessibleDescription(
      'Tell us what is wrong',
    )
    expect(within(dialog).queryByText('Choose a reason')).not.toBeInTheDocument()
    expect(callsTo(fetch, '/api/reports')).toEqual([])
  })

  it('sends the report, thanks the reader and shows it as reported', async () => {
    const fetch = signedInWith({ 'POST /api/reports': jsonResponse(receipt, 201) })
    const user = renderButton()
    const dialog = await openDialog(user)

    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }))
    await user.type(within(dialog).getByLabelText('Details (optional)'), ' Shop links ')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    expect(await screen.findByText('Thanks. An administrator will look at it.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reported' })).toBeDisabled()
    const [[, init]] = callsTo(fetch, '/api/reports')
    expect(bodyOf(init)).toEqual({
      targetType: 'post',
      targetId: POST_ID,
      reason: 'spam',
      details: 'Shop links',
    })
  })

  it("shows the server's refusal and keeps the dialog open", async () => {
    signedInWith({
      'POST /api/reports': errorResponse(
        429,
        'rate_limited',
        'Too many requests. Try again in 3000 seconds.',
      ),
    })
    const user = renderButton()
    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in 3000 seconds.',
    )
    expect(screen.getByRole('button', { name: 'Report this post' })).toBeEnabled()
  })

  it('toasts a refusal that is not about the form, such as reporting your own post', async () => {
    signedInWith({ 'POST /api/reports': errorResponse(403, 'forbidden', 'You cannot report your own post') })
    const user = renderButton()
    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    expect(await screen.findByText('You cannot report your own post')).toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled())
  })

  it('closes with Cancel without sending', async () => {
    const fetch = signedInWith()
    const user = renderButton()
    const dialog = await openDialog(user)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Report this post' })).toHaveFocus()
    expect(callsTo(fetch, '/api/reports')).toEqual([])
  })
})
