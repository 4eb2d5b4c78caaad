import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { KeyIdeasEditor } from './key-ideas-editor.tsx'

const URL = '/api/posts/post-1/key-ideas'
const A = { id: 'a0000000-0000-4000-8000-000000000001', front: 'Unit of force', back: 'The newton' }
const B = { id: 'b0000000-0000-4000-8000-000000000002', front: 'F = ?', back: 'm·a' }
const cardList = () => within(screen.getByRole('list'))

describe('KeyIdeasEditor', () => {
  it('lists the saved cards with a count, and saves edits, moves, deletions and a new card as one list', async () => {
    const fetch = stubFetch({
      [URL]: jsonResponse({ locked: false, cards: [A, B] }),
      [`PUT ${URL}`]: (_url, init) =>
        jsonResponse({ locked: false, cards: (bodyOf(init) as { cards: [] }).cards }),
    })
    const { user } = renderAt(<KeyIdeasEditor postId="post-1" />)
    expect(await screen.findByDisplayValue('Unit of force')).toBeInTheDocument()
    expect(screen.getByText('2 of 50')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save Key ideas' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Move card 2 up' }))
    await user.click(screen.getByRole('button', { name: 'Delete card 2' }))
    await user.click(screen.getByRole('button', { name: 'Add a card' }))
    expect(screen.getByText('2 of 50')).toBeInTheDocument()
    const second = within(cardList().getAllByRole('listitem')[1])
    await user.type(second.getByLabelText('Front'), '  Weight ')
    await user.type(second.getByLabelText('Back'), 'm·g')
    await user.click(screen.getByRole('button', { name: 'Save Key ideas' }))

    await waitFor(() => expect(callsTo(fetch, URL).filter(([, i]) => i?.method === 'PUT')).toHaveLength(1))
    const [put] = callsTo(fetch, URL).filter(([, i]) => i?.method === 'PUT')
    expect(bodyOf(put[1])).toEqual({ cards: [B, { front: 'Weight', back: 'm·g' }] })
  })

  it('says what is missing before sending, and shows the server’s messages under the cards', async () => {
    const fetch = stubFetch({
      [URL]: jsonResponse({ locked: false, cards: [A] }),
      [`PUT ${URL}`]: jsonResponse(
        {
          error: {
            code: 'bad_request',
            message: 'Some fields need your attention',
            fields: { 'cards.0.back': 'Keep the back under 1000 characters' },
          },
        },
        400,
      ),
    })
    const { user } = renderAt(<KeyIdeasEditor postId="post-1" />)
    await screen.findByDisplayValue('Unit of force')
    await user.click(screen.getByRole('button', { name: 'Add a card' }))
    await user.click(screen.getByRole('button', { name: 'Save Key ideas' }))
    expect(await screen.findByText('Write the front of the card')).toBeInTheDocument()
    expect(screen.getByText('Write the back of the card')).toBeInTheDocument()
    expect(callsTo(fetch, URL).filter(([, i]) => i?.method === 'PUT')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Delete card 2' }))
    await user.type(screen.getByDisplayValue('The newton'), '!')
    await user.click(screen.getByRole('button', { name: 'Save Key ideas' }))
    expect(await screen.findByText('Keep the back under 1000 characters')).toBeInTheDocument()
    expect(screen.getByDisplayValue('The newton!')).toHaveAttribute('aria-invalid', 'true')
  })

  it('stops adding at 50 cards', async () => {
    const cards = Array.from({ length: 50 }, (_, i) => ({
      id: `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      front: `Q${i}`,
      back: `A${i}`,
    }))
    stubFetch({ [URL]: jsonResponse({ locked: false, cards }) })
    renderAt(<KeyIdeasEditor postId="post-1" />)
    expect(await screen.findByText('50 of 50')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeDisabled()
    expect(screen.getByText('A lesson has at most 50 Key ideas.')).toBeInTheDocument()
  })
})
