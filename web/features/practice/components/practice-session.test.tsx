import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type {
  ExamPracticeCard,
  FlashcardPracticeCard,
  PracticeReviewResult,
} from '#common/schemas/practice.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import { PracticeSession } from './practice-session.tsx'

const MINUTE = 60_000
const later = (ms: number) => new Date(Date.now() + ms).toISOString()

const single: ExamPracticeCard = {
  id: 'card-single',
  source: 'exam_question',
  kind: 'single',
  prompt: 'What is the SI unit of force?',
  options: [
    { id: 'a', text: 'Joule' },
    { id: 'b', text: 'Newton' },
    { id: 'c', text: 'Watt' },
  ],
  exam: { id: 'exam-1', title: 'Forces and motion' },
  due: later(-MINUTE),
  state: 'new',
  reps: 0,
  lapses: 0,
}
const short: ExamPracticeCard = {
  ...single,
  id: 'card-short',
  kind: 'short',
  prompt: 'Who wrote the Principia?',
  options: [],
}

const keyIdea: FlashcardPracticeCard = {
  id: 'card-idea',
  source: 'flashcard',
  front: 'Newton’s second law',
  back: 'F = m·a',
  lesson: { id: 'lesson-1', title: 'Forces', authorId: 'writer-1', slug: 'forces' },
  nextDue: {
    again: later(MINUTE),
    hard: later(6 * MINUTE),
    good: later(10 * MINUTE),
    easy: later(3 * 86_400_000),
  },
  due: later(-MINUTE),
  state: 'new',
  reps: 0,
  lapses: 0,
}

const reviewed = (
  cardId: string,
  correct: boolean,
  fields: Partial<PracticeReviewResult> = {},
): PracticeReviewResult => ({
  correct,
  card: { id: cardId, due: later(correct ? 10 * MINUTE : MINUTE), state: 'learning', reps: 1, lapses: 0 },
  withheld: 'attempts_left',
  ...fields,
})

describe('PracticeSession', () => {
  it('runs a session from the keyboard: 1–9 choose, Space checks and continues, then a summary', async () => {
    const fetch = stubFetch({
      'POST /api/practice/cards/card-single/review': jsonResponse(reviewed('card-single', true)),
      'POST /api/practice/cards/card-short/review': jsonResponse(reviewed('card-short', false)),
      '/api/practice/summary': () => jsonResponse({ due: 0, cards: 2, nextDue: later(MINUTE + 5000) }),
    })
    const { user } = renderAt(<PracticeSession cards={[single, short]} onAgain={vi.fn()} />)

    expect(screen.getByText('Card 1 of 2')).toBeInTheDocument()
    await user.keyboard('2')
    expect(screen.getByRole('radio', { name: /Newton/ })).toBeChecked()
    await user.keyboard(' ')
    expect(await screen.findByRole('status')).toHaveTextContent('Right')
    expect(screen.getByRole('status')).toHaveTextContent('back in 10 minutes')
    expect(bodyOf(callsTo(fetch, '/api/practice/cards/card-single/review')[0][1])).toEqual({
      answer: { optionIds: ['b'] },
    })
    expect(screen.getByRole('button', { name: 'Next card' })).toHaveFocus()
    await user.keyboard(' ')

    // A short answer: its text box takes digits and spaces; Enter checks.
    const box = await screen.findByRole('textbox', { name: 'Your answer' })
    await waitFor(() => expect(box).toHaveFocus())
    await user.keyboard('Isaac 1 Newton')
    expect(box).toHaveValue('Isaac 1 Newton')
    await user.keyboard('{Enter}')
    expect(await screen.findByText(/Not yet/)).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/api/practice/cards/card-short/review')[0][1])).toEqual({
      answer: { text: 'Isaac 1 Newton' },
    })
    // While an attempt remains the card says only not yet, and why.
    expect(screen.queryByText(/The answer:/)).not.toBeInTheDocument()
    expect(screen.getByText(/You can still attempt this exam/)).toBeInTheDocument()
    await user.keyboard(' ')

    expect(await screen.findByRole('heading', { name: 'Session done' })).toBeInTheDocument()
    expect(screen.getByText('2 cards practised: 1 right, 1 not yet.')).toBeInTheDocument()
    expect(await screen.findByText('Next card due in 1 minute.')).toBeInTheDocument()
  })

  it('shows the right answer and the explanation only when the server sends them', async () => {
    stubFetch({
      'POST /api/practice/cards/card-single/review': jsonResponse(
        reviewed('card-single', false, {
          correctOptionIds: ['b'],
          acceptedAnswers: [],
          explanation: 'One newton accelerates one kilogram.',
          withheld: null,
        }),
      ),
      '/api/practice/summary': jsonResponse({ due: 1, cards: 1, nextDue: null }),
    })
    const { user } = renderAt(<PracticeSession cards={[single]} onAgain={vi.fn()} />)
    await user.click(screen.getByRole('radio', { name: /Joule/ }))
    await user.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText('The answer:')).toBeInTheDocument()
    expect(screen.getByText('One newton accelerates one kilogram.')).toBeInTheDocument()
    expect(screen.queryByText(/You can still attempt/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'See how it went' }))
    expect(await screen.findByText('1 card due now.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Practise the next 1 card' })).toBeInTheDocument()
  })

  it('keeps the answer to try again when the check fails', async () => {
    stubFetch({
      'POST /api/practice/cards/card-single/review': jsonResponse(
        { error: { code: 'conflict', message: 'Finish your attempt at this exam first' } },
        409,
      ),
    })
    const { user } = renderAt(<PracticeSession cards={[single]} onAgain={vi.fn()} />)
    await user.keyboard('1 ')
    expect(await screen.findByText(/Finish your attempt/)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Joule/ })).toBeChecked()
    expect(screen.getByRole('button', { name: 'Check' })).toBeEnabled()
  })

  it('turns a Key idea with Space, grades it with 3, and says when each grade brings it back', async () => {
    const fetch = stubFetch({
      'POST /api/practice/cards/card-idea/grade': jsonResponse({
        card: { id: 'card-idea', due: later(10 * MINUTE), state: 'learning', reps: 1, lapses: 0 },
      }),
      '/api/practice/summary': jsonResponse({ due: 0, cards: 1, nextDue: later(10 * MINUTE) }),
    })
    const { user } = renderAt(<PracticeSession cards={[keyIdea]} onAgain={vi.fn()} />)
    expect(screen.getByText('Newton’s second law')).toBeInTheDocument()
    expect(screen.queryByText('F = m·a')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Forces' })).toHaveAttribute('href', '/learn/writer-1/forces')
    await user.keyboard('3')
    expect(callsTo(fetch, '/api/practice/cards/card-idea/grade')).toHaveLength(0)
    await user.keyboard(' ')
    expect(screen.getByText('F = m·a')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Again/ })).toHaveTextContent('in 1 minute')
    expect(screen.getByRole('button', { name: /^Easy/ })).toHaveTextContent('in 3 days')
    await user.keyboard('3')
    expect(await screen.findByRole('heading', { name: 'Session done' })).toBeInTheDocument()
    expect(bodyOf(callsTo(fetch, '/api/practice/cards/card-idea/grade')[0][1])).toEqual({ rating: 'good' })
    expect(screen.getByText('1 card practised: 1 right, 0 not yet.')).toBeInTheDocument()
  })
})
