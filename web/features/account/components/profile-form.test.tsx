import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LINKS_MAX } from '#common/constants.ts'
import { sessionQueries } from '#web/lib/session-queries.ts'
import { meBody, SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { ProfileForm } from './profile-form.tsx'

const me = meBody({
  name: 'Grace Okafor',
  bio: 'Physics teacher.',
  intent: 'write',
  interests: ['physics'],
  links: ['https://grace.example', 'https://grace.example/news'],
})

const sentBody = (fetch: ReturnType<typeof stubFetch>) =>
  JSON.parse(String(callsTo(fetch, '/api/me')[0][1]?.body))

describe('ProfileForm', () => {
  it('saves the profile with PATCH /api/me, leaving out empty link rows', async () => {
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
      'PATCH /api/me': (_url, init) => jsonResponse({ ...me, ...JSON.parse(String(init?.body)) }),
    })
    const { user, queryClient } = renderAt(<ProfileForm me={me} />)

    const name = screen.getByLabelText('Display name')
    await user.clear(name)
    await user.type(name, 'Grace O.')
    await user.click(screen.getByRole('radio', { name: 'Both' }))
    await user.click(await screen.findByRole('checkbox', { name: 'History' }))
    await user.click(screen.getByRole('button', { name: 'Add a link' }))
    await user.click(screen.getByRole('button', { name: 'Add a link' }))
    await user.type(screen.getByLabelText('Link 4'), 'https://grace.example/books')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    await vi.waitFor(() => expect(callsTo(fetch, '/api/me')).toHaveLength(1))
    expect(sentBody(fetch)).toEqual({
      name: 'Grace O.',
      bio: 'Physics teacher.',
      intent: 'both',
      interests: ['physics', 'history'],
      links: ['https://grace.example', 'https://grace.example/news', 'https://grace.example/books'],
    })
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toMatchObject({ name: 'Grace O.' }),
    )
  })

  it("shows the server's field messages under the matching fields, the right link row included", async () => {
    stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
      'PATCH /api/me': jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'Some fields need your attention',
            fields: { name: 'That name is reserved', 'links.1': 'Links to that site are not allowed' },
          },
        },
        400,
      ),
    })
    const { user } = renderAt(<ProfileForm me={meBody({ name: 'Admin', links: [] })} />)

    await user.click(screen.getByRole('button', { name: 'Add a link' }))
    await user.type(screen.getByLabelText('Link 1'), 'https://fine.example')
    await user.click(screen.getByRole('button', { name: 'Add a link' })) // left empty: not sent
    await user.click(screen.getByRole('button', { name: 'Add a link' }))
    await user.type(screen.getByLabelText('Link 3'), 'https://spam.example')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))

    expect(await screen.findByText('That name is reserved')).toBeInTheDocument()
    expect(screen.getByLabelText('Display name')).toHaveAccessibleDescription('That name is reserved')
    expect(screen.getByLabelText('Link 3')).toHaveAccessibleDescription('Links to that site are not allowed')
    expect(screen.getByLabelText('Link 1')).not.toHaveAccessibleDescription()
    expect(screen.getByLabelText('Display name')).toHaveFocus()
  })

  it('checks links before sending and allows at most the maximum', async () => {
    const fetch = stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
    const { user } = renderAt(<ProfileForm me={meBody({ links: [] })} />)

    const add = screen.getByRole('button', { name: 'Add a link' })
    for (let i = 0; i < LINKS_MAX; i++) await user.click(add)
    expect(add).toBeDisabled()
    expect(screen.getByText(`That's the maximum of ${LINKS_MAX} links.`)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Link 2'), 'grace dot example')
    await user.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Enter a full link starting with https:// or http://')).toBeInTheDocument()
    expect(callsTo(fetch, '/api/me')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Remove link 2' }))
    expect(screen.queryByText('Enter a full link starting with https:// or http://')).not.toBeInTheDocument()
    expect(add).toBeEnabled()
  })
})
