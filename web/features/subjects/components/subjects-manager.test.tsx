import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SubjectWithCounts } from '#common/schemas/subjects.ts'
import { SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { SubjectsManager } from './subjects-manager.tsx'

const renderManager = () => renderAt(<SubjectsManager />, '/admin?tab=subjects').user

/** GET /api/subjects answering whatever the test's list holds now. */
function subjectsServer(initial: SubjectWithCounts[] = SUBJECTS_WITH_COUNTS) {
  const state = { subjects: initial }
  return { state, list: () => jsonResponse(state.subjects) }
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) })

describe('SubjectsManager', () => {
  it('lists the subjects with their kind, post count and description', async () => {
    stubFetch({ '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS) })
    renderManager()
    const table = await screen.findByRole('table', { name: /Subjects/ })
    expect(within(table).getAllByRole('row')).toHaveLength(SUBJECTS_WITH_COUNTS.length + 1)
    const physics = rowOf('Physics')
    expect(within(physics).getByRole('link', { name: 'Physics' })).toHaveAttribute('href', '/subject/physics')
    expect(within(physics).getByText('Academic')).toBeInTheDocument()
    expect(within(physics).getByText('7')).toBeInTheDocument()
    expect(within(physics).getByText('How the universe moves.')).toBeInTheDocument()
    expect(within(rowOf('Fiction')).getByText('General')).toBeInTheDocument()
  })

  it('checks the name before sending, then shows the server’s field message under it', async () => {
    const fetch = stubFetch({
      '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
      'POST /api/admin/subjects': jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'Some fields need your attention',
            fields: { name: 'There is already a subject with that name' },
          },
        },
        400,
      ),
    })
    const user = renderManager()
    await user.click(await screen.findByRole('button', { name: 'Add subject' }))
    const dialog = screen.getByRole('dialog', { name: 'Add a subject' })
    const name = within(dialog).getByLabelText('Name')

    await user.click(within(dialog).getByRole('button', { name: 'Add subject' }))
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name the subject'))
    expect(callsTo(fetch, '/api/admin/subjects')).toEqual([])

    await user.type(name, 'Physics')
    await user.click(within(dialog).getByRole('button', { name: 'Add subject' }))
    await waitFor(() => expect(name).toHaveAccessibleDescription('There is already a subject with that name'))
    expect(screen.getByRole('dialog', { name: 'Add a subject' })).toBeInTheDocument()
  })

  it('adds a subject and shows it in the list', async () => {
    const { state, list } = subjectsServer()
    const fetch = stubFetch({
      '/api/subjects': list,
      'POST /api/admin/subjects': (_url, init) => {
        const input = bodyOf(init) as Omit<SubjectWithCounts, 'slug' | 'posts'>
        state.subjects = [...state.subjects, { slug: 'music', ...input, posts: 0 }]
        return jsonResponse({ slug: 'music', ...input }, 201)
      },
    })
    const user = renderManager()
    await user.click(await screen.findByRole('button', { name: 'Add subject' }))
    const dialog = screen.getByRole('dialog', { name: 'Add a subject' })
    await user.type(within(dialog).getByLabelText('Name'), 'Music')
    await user.click(within(dialog).getByRole('radio', { name: /General/ }))
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Sound')
    await user.click(within(dialog).getByRole('button', { name: 'Add subject' }))

    expect(await screen.findByText('Music added.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/api/admin/subjects')[0][1])).toEqual({
      name: 'Music',
      kind: 'general',
      description: 'Sound',
    })
    expect(await screen.findByRole('row', { name: /^Music/ })).toBeInTheDocument()
  })

  it('edits a subject with its current values filled in, keeping its address', async () => {
    const { state, list } = subjectsServer()
    const fetch = stubFetch({
      '/api/subjects': list,
      'PATCH /api/admin/subjects/history': (_url, init) => {
        const input = bodyOf(init) as Omit<SubjectWithCounts, 'slug' | 'posts'>
        state.subjects = state.subjects.map((s) => (s.slug === 'history' ? { ...s, ...input } : s))
        return jsonResponse({ slug: 'history', ...input })
      },
    })
    const user = renderManager()
    await user.click(await screen.findByRole('button', { name: 'Edit History' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit History' })
    expect(dialog).toHaveAccessibleDescription(/\/subject\/history/)
    expect(within(dialog).getByLabelText('Name')).toHaveValue('History')
    expect(within(dialog).getByRole('radio', { name: /Academic/ })).toBeChecked()
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('What happened and why.')

    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'World History')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('World History saved.')).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/api/admin/subjects/history')[0][1])).toMatchObject({
      name: 'World History',
    })
    expect(await screen.findByRole('link', { name: 'World History' })).toHaveAttribute(
      'href',
      '/subject/history',
    )
  })

  it('deletes after a confirmation, and explains when posts still use the subject', async () => {
    const { state, list } = subjectsServer()
    const fetch = stubFetch({
      '/api/subjects': list,
      'DELETE /api/admin/subjects/physics': jsonResponse(
        { error: { code: 'conflict', message: 'Move or delete its 9 posts first' } },
        409,
      ),
      'DELETE /api/admin/subjects/fiction': () => {
        state.subjects = state.subjects.filter((s) => s.slug !== 'fiction')
        return new Response(null, { status: 204 })
      },
    })
    const user = renderManager()

    await user.click(await screen.findByRole('button', { name: 'Delete Physics' }))
    let dialog = screen.getByRole('dialog', { name: 'Delete Physics?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete subject' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Physics cannot be deleted yet. Move or delete its 9 posts first, then try again.',
    )
    expect(within(dialog).queryByRole('button', { name: 'Delete subject' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(rowOf('Physics')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Delete Fiction' }))
    dialog = screen.getByRole('dialog', { name: 'Delete Fiction?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete subject' }))
    expect(await screen.findByText('Fiction deleted.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Fiction/ })).not.toBeInTheDocument())
    expect(callsTo(fetch, '/api/admin/subjects/fiction')).toHaveLength(1)
  })
})
