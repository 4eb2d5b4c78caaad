import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { meBody, SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { landedAt, renderAt } from '#web/test/render.tsx'
import { WelcomeForm } from './welcome-form.tsx'

describe('WelcomeForm', () => {
  it('asks what the person is here for before sending anything', async () => {
    const fetch = stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
    const { user } = renderAt(
      <WelcomeForm me={meBody({ name: 'Grace Okafor', onboarded: false })} />,
      '/welcome',
    )

    expect(screen.getByLabelText('Display name')).toHaveValue('Grace Okafor')
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await screen.findByText('Choose what you are here for')).toBeInTheDocument()
    expect(screen.getByRole('radiogroup', { name: "I'm here to" })).toHaveAccessibleDescription(
      'Choose what you are here for',
    )
    expect(callsTo(fetch, '/api/me/welcome')).toHaveLength(0)
  })

  it('saves the answers with POST /api/me/welcome and goes to the dashboard', async () => {
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
      'POST /api/me/welcome': (_url, init) =>
        jsonResponse(meBody({ ...JSON.parse(String(init?.body)), onboarded: true })),
    })
    const { user } = renderAt(<WelcomeForm me={meBody({ name: 'Grace', onboarded: false })} />, '/welcome')

    await user.type(screen.getByLabelText('Display name'), ' Okafor')
    await user.type(screen.getByLabelText('Short bio'), 'I teach physics.')
    expect(screen.getByText('16/500')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Read' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Physics' }))
    await user.click(screen.getByRole('checkbox', { name: 'Fiction' }))
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await landedAt()).toBe('/dashboard')
    const [, init] = callsTo(fetch, '/api/me/welcome')[0]
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Grace Okafor',
      bio: 'I teach physics.',
      intent: 'read',
      interests: ['physics', 'fiction'],
    })
  })

  it('prefills the saved answers for someone already onboarded, and offers to skip', () => {
    stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
    renderAt(
      <WelcomeForm
        me={meBody({ bio: 'Novelist.', intent: 'both', interests: ['fiction'], onboarded: true })}
      />,
      '/welcome',
    )
    expect(screen.getByLabelText('Short bio')).toHaveValue('Novelist.')
    expect(screen.getByRole('radio', { name: 'Both' })).toBeChecked()
    expect(screen.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/dashboard')
  })
})
