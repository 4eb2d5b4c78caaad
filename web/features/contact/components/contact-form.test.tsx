import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { ContactForm, rateLimitedMessage } from './contact-form.tsx'

const renderForm = (sender?: { name: string; email: string }) =>
  renderAt(<ContactForm sender={sender} />).user

async function fillIn(user: ReturnType<typeof renderForm>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label)
    await user.clear(field)
    if (value) await user.type(field, value)
  }
}

const VALID = {
  Name: 'Grace Okafor',
  'E-mail': '  Grace@Example.com ',
  Subject: 'Payout question',
  Message: 'When will my payout from last week arrive?',
}

describe('ContactForm', () => {
  it('shows a message under each invalid field and sends nothing', async () => {
    const fetch = stubFetch()
    const user = renderForm()
    await fillIn(user, { 'E-mail': 'not-an-address', Message: 'Too short' })
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByText('Enter your name')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name')
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail address')
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Add a subject')
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Tell us a little more (at least 10 characters)',
    )
    expect(fetch).not.toHaveBeenCalled()
  })

  it('sends the cleaned-up message and says thanks, then lets you write another', async () => {
    const fetch = stubFetch({ 'POST /api/contact': jsonResponse({ id: 'm-1' }, 201) })
    const user = renderForm()
    await fillIn(user, VALID)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByRole('heading', { name: 'Thanks — your message is on its way' })).toHaveFocus()
    expect(screen.getByText('grace@example.com')).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      name: 'Grace Okafor',
      email: 'grace@example.com',
      subject: 'Payout question',
      message: 'When will my payout from last week arrive?',
    })

    await user.click(screen.getByRole('button', { name: 'Send another message' }))
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Okafor')
    expect(screen.getByLabelText('E-mail')).toHaveValue('grace@example.com')
    expect(screen.getByLabelText('Subject')).toHaveValue('')
    expect(screen.getByLabelText('Message')).toHaveValue('')
  })

  it('explains the hourly limit on a 429, says when to try again and keeps what was typed', async () => {
    const limited = jsonResponse(
      { error: { code: 'rate_limited', message: 'Too many attempts. Try again in 42 minutes.' } },
      429,
    )
    limited.headers.set('retry-after', '2501')
    stubFetch({ 'POST /api/contact': limited })
    const user = renderForm()
    await fillIn(user, VALID)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have reached the limit of 5 messages in an hour. Your message is still here: try again in 42 minutes.',
    )
    expect(rateLimitedMessage()).toContain('please try again a little later')
    expect(screen.getByLabelText('Message')).toHaveValue(VALID.Message)
    expect(screen.queryByText(/Thanks/)).not.toBeInTheDocument()
  })

  it("shows the server's field messages under their fields", async () => {
    stubFetch({
      'POST /api/contact': jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'Some fields need your attention',
            fields: { subject: 'Pick a shorter subject' },
          },
        },
        400,
      ),
    })
    const user = renderForm()
    await fillIn(user, VALID)
    await user.click(screen.getByRole('button', { name: 'Send message' }))

    await waitFor(() =>
      expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Pick a shorter subject'),
    )
    expect(screen.getByLabelText('Subject')).toHaveFocus()
  })

  it('fills in the name and e-mail of the signed-in person', () => {
    renderForm({ name: 'Ada Admin', email: 'admin@inkwell.test' })
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Admin')
    expect(screen.getByLabelText('E-mail')).toHaveValue('admin@inkwell.test')
    expect(screen.getByLabelText('Subject')).toHaveValue('')
  })
})
