import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AttemptResult, AttemptState, ExamIntro } from '#common/schemas/exams.ts'
import { examPaths } from '#web/features/exams/api/paths.ts'
import { bodyOf, callsTo, deferred, errorResponse, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { LocationProbe, landedAt, renderRoutes } from '#web/test/render.tsx'
import ExamRoom from './exam-room.tsx'

const EXAM_ID = '3c1d6a40-0000-4000-8000-0000000000e1'
const ATTEMPT_ID = '3c1d6a40-0000-4000-8000-0000000000a1'
const Q = ['1', '2', '3'].map((n) => `3c1d6a40-0000-4000-8000-00000000000${n}`)

/** This device's clock; the server's runs five minutes ahead of it. */
const DEVICE_NOW = new Date('2026-11-22T10:00:00.000Z')
const SERVER_NOW = '2026-11-22T10:05:00.000Z'
const minutesAfterServerNow = (minutes: number) =>
  new Date(Date.parse(SERVER_NOW) + minutes * 60_000).toISOString()

function intro(overrides: Partial<ExamIntro> = {}): ExamIntro {
  return ExamIntro.parse({
    id: EXAM_ID,
    title: 'Forces and motion',
    description: 'Newton’s laws in ten minutes.',
    subjectSlug: 'physics',
    durationMinutes: 30,
    passMark: 60,
    attemptsAllowed: 3,
    publishedAt: '2026-11-20T09:00:00.000Z',
    author: { id: 'writer-1', name: 'Grace Okafor', image: null },
    questionCount: 3,
    attempts: 12,
    averagePercent: 71.5,
    instructions: 'No calculators.',
    myAttempts: 0,
    attemptsLeft: 3,
    inProgressAttemptId: null,
    ...overrides,
  })
}

function attempt(overrides: Partial<AttemptState> = {}): AttemptState {
  return AttemptState.parse({
    id: ATTEMPT_ID,
    examId: EXAM_ID,
    status: 'in_progress',
    startedAt: SERVER_NOW,
    deadline: minutesAfterServerNow(30),
    serverNow: SERVER_NOW,
    questions: [
      {
        id: Q[0],
        kind: 'single',
        prompt: 'What keeps a body at rest?',
        options: [
          { id: 'a', text: 'Inertia' },
          { id: 'b', text: 'Friction' },
        ],
        points: 1,
      },
      {
        id: Q[1],
        kind: 'multiple',
        prompt: 'Which are vector quantities?',
        options: [
          { id: 'a', text: 'Velocity' },
          { id: 'b', text: 'Mass' },
          { id: 'c', text: 'Force' },
        ],
        points: 2,
      },
      { id: Q[2], kind: 'short', prompt: 'Name the unit of force.', options: [], points: 1 },
    ],
    answers: [],
    ...overrides,
  })
}

const result = AttemptResult.parse({
  id: ATTEMPT_ID,
  number: 1,
  examVersion: 1,
  startedAt: SERVER_NOW,
  submittedAt: minutesAfterServerNow(30),
  autoSubmitted: true,
  score: 1,
  maxScore: 4,
  percent: 25,
  passed: false,
  durationSeconds: 1800,
})

const SAVED = (_url: string, init?: RequestInit) =>
  jsonResponse({ questionId: 'q', flagged: false, value: null, ...(bodyOf(init) as object) })

function showRoom(
  routes: Parameters<typeof stubFetch>[0] = {},
  path = `/examroom/${EXAM_ID}?attempt=${ATTEMPT_ID}`,
) {
  const fetch = stubFetch({
    [examPaths.exam(EXAM_ID)]: jsonResponse(intro({ inProgressAttemptId: ATTEMPT_ID })),
    [examPaths.attempt(ATTEMPT_ID)]: jsonResponse(attempt()),
    [`POST ${examPaths.submitAttempt(ATTEMPT_ID)}`]: jsonResponse(result),
    [`POST ${examPaths.tabSwitch(ATTEMPT_ID)}`]: new Response(null, { status: 204 }),
    ...routes,
  })
  const view = renderRoutes(
    [
      { path: '/examroom/:examId', element: <ExamRoom /> },
      { path: '*', element: <LocationProbe /> },
    ],
    path,
  )
  return { fetch, ...view }
}

const timer = () => screen.getByRole('timer', { name: 'Time left' })
const putsTo = (fetch: ReturnType<typeof stubFetch>, questionId: string) =>
  callsTo(fetch, examPaths.answer(ATTEMPT_ID, questionId)).filter(([, init]) => init?.method === 'PUT')

afterEach(() => {
  vi.useRealTimers()
})

describe('Exam room: the clock', () => {
  it('counts down from the server’s clock, not the device’s, and warns at 5 and 1 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(DEVICE_NOW)
    showRoom()
    await screen.findByRole('heading', { name: 'Forces and motion' })
    // 30 minutes by the server; the device's own clock would say 35.
    expect(timer()).toHaveTextContent('30:00')

    await act(() => vi.advanceTimersByTimeAsync(61_000))
    expect(timer()).toHaveTextContent('28:59')

    await act(() => vi.advanceTimersByTimeAsync(23 * 60_000 + 59_000))
    expect(timer()).toHaveTextContent('5:00')
    expect(screen.getByText('Less than 5 minutes left.')).toBeInTheDocument()

    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000))
    expect(timer()).toHaveTextContent('1:00')
    expect(screen.getByText('Less than 1 minute left.')).toBeInTheDocument()
  })

  it('hands the attempt in by itself at zero and opens the results', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(DEVICE_NOW)
    const { fetch } = showRoom({
      [examPaths.attempt(ATTEMPT_ID)]: jsonResponse(attempt({ deadline: minutesAfterServerNow(0.05) })),
    })
    await screen.findByRole('heading', { name: 'Forces and motion' })
    expect(timer()).toHaveTextContent('0:03')
    expect(callsTo(fetch, examPaths.submitAttempt(ATTEMPT_ID))).toHaveLength(0)

    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(await landedAt()).toBe(`/examresults/${EXAM_ID}`)
    expect(callsTo(fetch, examPaths.submitAttempt(ATTEMPT_ID))).toHaveLength(1)
  })
})

describe('Exam room: answers', () => {
  it('saves a choice at once and says Saving…, then Saved', async () => {
    const held = deferred<Response>()
    const { fetch } = showRoom({ [`PUT ${examPaths.answer(ATTEMPT_ID, Q[0])}`]: () => held.promise })
    fireEvent.click(await screen.findByRole('radio', { name: 'Inertia' }))
    expect(screen.getByRole('status')).toHaveTextContent('Saving…')
    expect(bodyOf(putsTo(fetch, Q[0])[0][1])).toEqual({ value: { optionIds: ['a'] }, flagged: false })

    await act(async () =>
      held.resolve(jsonResponse({ questionId: Q[0], value: { optionIds: ['a'] }, flagged: false })),
    )
    expect(await screen.findByText('Saved')).toBeInTheDocument()
  })

  it('sends the newest choice after the one in flight, so the last choice wins', async () => {
    const first = deferred<Response>()
    let calls = 0
    const { fetch } = showRoom({
      [`PUT ${examPaths.answer(ATTEMPT_ID, Q[0])}`]: (url, init) =>
        ++calls === 1 ? first.promise : SAVED(url, init),
    })
    fireEvent.click(await screen.findByRole('radio', { name: 'Inertia' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Friction' }))
    expect(putsTo(fetch, Q[0])).toHaveLength(1)
    await act(async () => first.resolve(jsonResponse({ questionId: Q[0], value: null, flagged: false })))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    const puts = putsTo(fetch, Q[0])
    expect(puts).toHaveLength(2)
    expect(bodyOf(puts[1][1])).toEqual({ value: { optionIds: ['b'] }, flagged: false })
  })

  it('says when an answer is not saved, and retries it', async () => {
    let fail = true
    const { fetch, user } = showRoom({
      [`PUT ${examPaths.answer(ATTEMPT_ID, Q[0])}`]: (url, init) =>
        fail ? errorResponse(500, 'internal', 'Something went wrong on our side.') : SAVED(url, init),
    })
    fireEvent.click(await screen.findByRole('radio', { name: 'Inertia' }))
    expect(await screen.findByText('Not saved —', { exact: false })).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'retry' }))
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(putsTo(fetch, Q[0])).toHaveLength(2)
  })

  it('waits for a pause before saving a short answer', async () => {
    const { fetch } = showRoom({ [`PUT ${examPaths.answer(ATTEMPT_ID, Q[2])}`]: SAVED })
    fireEvent.click(await screen.findByRole('button', { name: 'Question 3, unanswered' }))
    const box = screen.getByLabelText('Your answer')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.change(box, { target: { value: 'New' } })
    await act(() => vi.advanceTimersByTimeAsync(400))
    fireEvent.change(box, { target: { value: 'Newton' } })
    await act(() => vi.advanceTimersByTimeAsync(400))
    expect(putsTo(fetch, Q[2])).toHaveLength(0)
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(putsTo(fetch, Q[2])).toHaveLength(1)
    expect(bodyOf(putsTo(fetch, Q[2])[0][1])).toEqual({ value: { text: 'Newton' }, flagged: false })
  })

  it('treats a 409 as time up: hands in and opens the results', async () => {
    const { fetch } = showRoom({
      [`PUT ${examPaths.answer(ATTEMPT_ID, Q[0])}`]: errorResponse(
        409,
        'conflict',
        'Time is up for this attempt.',
      ),
    })
    fireEvent.click(await screen.findByRole('radio', { name: 'Inertia' }))
    expect(await landedAt()).toBe(`/examresults/${EXAM_ID}`)
    expect(callsTo(fetch, examPaths.submitAttempt(ATTEMPT_ID))).toHaveLength(1)
  })
})

describe('Exam room: palette and submitting', () => {
  it('shows answered, unanswered and flagged questions, resuming saved answers', async () => {
    const { fetch, user } = showRoom({
      [examPaths.attempt(ATTEMPT_ID)]: jsonResponse(
        attempt({ answers: [{ questionId: Q[0], value: { optionIds: ['a'] }, flagged: false }] }),
      ),
      [`PUT ${examPaths.answer(ATTEMPT_ID, Q[1])}`]: SAVED,
    })
    const palette = await screen.findByRole('navigation', { name: 'Questions' })
    expect(screen.getByRole('radio', { name: 'Inertia' })).toBeChecked()
    expect(within(palette).getByRole('button', { name: 'Question 1, answered' })).toHaveAttribute(
      'aria-current',
      'step',
    )
    expect(within(palette).getByText('1 of 3 answered')).toBeInTheDocument()

    await user.click(within(palette).getByRole('button', { name: 'Question 2, unanswered' }))
    await user.click(screen.getByRole('button', { name: 'Flag for review' }))
    expect(screen.getByRole('button', { name: 'Flag for review' })).toHaveAttribute('aria-pressed', 'true')
    expect(
      within(palette).getByRole('button', { name: 'Question 2, unanswered, flagged' }),
    ).toBeInTheDocument()
    expect(bodyOf(putsTo(fetch, Q[1])[0][1])).toEqual({ value: null, flagged: true })

    await user.click(screen.getByRole('checkbox', { name: 'Velocity' }))
    expect(within(palette).getByRole('button', { name: 'Question 2, answered, flagged' })).toBeInTheDocument()
    expect(bodyOf(putsTo(fetch, Q[1])[1][1])).toEqual({ value: { optionIds: ['a'] }, flagged: true })
  })

  it('asks before submitting, naming the unanswered questions', async () => {
    const { fetch, user } = showRoom({
      [examPaths.attempt(ATTEMPT_ID)]: jsonResponse(
        attempt({ answers: [{ questionId: Q[0], value: { optionIds: ['a'] }, flagged: false }] }),
      ),
    })
    await user.click(await screen.findByRole('button', { name: 'Submit' }))
    const dialog = screen.getByRole('dialog', { name: 'Submit your answers?' })
    expect(dialog).toHaveAccessibleDescription(
      'You answered 1 of 3 questions. You cannot change your answers after submitting.',
    )
    expect(
      within(dialog).getByText('questions 2 and 3. They score zero.', { exact: false }),
    ).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Keep working' }))
    expect(callsTo(fetch, examPaths.submitAttempt(ATTEMPT_ID))).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await landedAt()).toBe(`/examresults/${EXAM_ID}`)
    expect(callsTo(fetch, examPaths.submitAttempt(ATTEMPT_ID))).toHaveLength(1)
  })

  it('counts leaving the tab or window once per absence', async () => {
    const { fetch } = showRoom()
    await screen.findByRole('heading', { name: 'Forces and motion' })
    const hidden = vi.spyOn(document, 'visibilityState', 'get')

    act(() => {
      window.dispatchEvent(new Event('blur'))
      hidden.mockReturnValue('hidden')
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(callsTo(fetch, examPaths.tabSwitch(ATTEMPT_ID))).toHaveLength(1)

    act(() => {
      hidden.mockReturnValue('visible')
      document.dispatchEvent(new Event('visibilitychange'))
      window.dispatchEvent(new Event('focus'))
      window.dispatchEvent(new Event('blur'))
    })
    expect(callsTo(fetch, examPaths.tabSwitch(ATTEMPT_ID))).toHaveLength(2)
  })
})

describe('Exam room: the intro', () => {
  it('shows the rules, starts an attempt, and keeps its id in the address', async () => {
    const { fetch, user, router } = showRoom(
      {
        [examPaths.exam(EXAM_ID)]: jsonResponse(intro()),
        [`POST ${examPaths.start(EXAM_ID)}`]: jsonResponse(attempt(), 201),
      },
      `/examroom/${EXAM_ID}`,
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Forces and motion' })).toBeInTheDocument()
    expect(document.title).toBe('Forces and motion · Inkwell')
    expect(screen.getByText('No calculators.')).toBeInTheDocument()
    expect(screen.getByText('3 of 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Start exam' }))
    expect(await screen.findByRole('timer')).toBeInTheDocument()
    // Focus is on the first question, not left on <body> by the vanished button; the time is said.
    expect(screen.getByRole('region', { name: 'Question 1 of 3' })).toHaveFocus()
    await waitFor(() =>
      expect(document.getElementById('inkwell-announcer')).toHaveTextContent(
        /^Forces and motion: (29|30) minutes left for 3 questions\.$/,
      ),
    )
    expect(router.state.location.search).toBe(`?attempt=${ATTEMPT_ID}`)
    expect(callsTo(fetch, examPaths.start(EXAM_ID))).toHaveLength(1)
  })

  it('offers to resume an attempt still running', async () => {
    const { user } = showRoom({}, `/examroom/${EXAM_ID}`)
    await user.click(await screen.findByRole('button', { name: 'Resume your attempt' }))
    expect(await screen.findByRole('timer')).toBeInTheDocument()
  })

  it('says when every attempt is used', async () => {
    showRoom(
      { [examPaths.exam(EXAM_ID)]: jsonResponse(intro({ myAttempts: 3, attemptsLeft: 0 })) },
      `/examroom/${EXAM_ID}`,
    )
    expect(await screen.findByText('You have used all 3 attempts at this exam.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Start exam' })).toBeNull()
    expect(screen.getByRole('link', { name: 'My results' })).toHaveAttribute(
      'href',
      `/examresults/${EXAM_ID}`,
    )
  })
})
