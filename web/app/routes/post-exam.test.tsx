import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AuthorExam, type SaveExamInput } from '#common/schemas/exams.ts'
import { examPaths } from '#web/features/exams/api/paths.ts'
import { meBody, SUBJECTS_WITH_COUNTS } from '#web/test/builders.ts'
import { fakeAuth } from '#web/test/fake-auth.ts'
import { bodyOf, callsTo, jsonResponse, stubFetch } from '#web/test/fetch.ts'
import { renderAt } from '#web/test/render.tsx'
import PostExam from './post-exam.tsx'

vi.mock('#web/lib/auth-client.ts', () => import('#web/test/fake-auth.ts'))

const EXAM_ID = '3c1d6a40-0000-4000-8000-0000000000e1'

function authorExam(overrides: Partial<AuthorExam> = {}): AuthorExam {
  return AuthorExam.parse({
    id: EXAM_ID,
    authorId: 'user-1',
    title: 'Forces and motion',
    description: '',
    subjectSlug: 'physics',
    instructions: '',
    durationMinutes: 20,
    passMark: 50,
    attemptsAllowed: 3,
    shuffleQuestions: false,
    shuffleOptions: false,
    drawCount: null,
    review: {
      correctness: 'after_last_attempt',
      answers: 'after_last_attempt',
      explanations: 'after_last_attempt',
    },
    status: 'draft',
    rejectionReason: null,
    version: 1,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    publishedAt: null,
    hasAttempts: false,
    questions: [
      {
        id: '3c1d6a40-0000-4000-8000-000000000001',
        position: 0,
        kind: 'single',
        prompt: 'What keeps a body at rest?',
        options: [
          { id: 'a', text: 'Inertia' },
          { id: 'b', text: 'Friction' },
        ],
        correctOptionIds: ['a'],
        acceptedAnswers: [],
        points: 1,
        partialCredit: false,
        explanation: '',
      },
      {
        id: '3c1d6a40-0000-4000-8000-000000000002',
        position: 1,
        kind: 'short',
        prompt: 'Name the unit of force.',
        options: [],
        correctOptionIds: [],
        acceptedAnswers: ['newton', 'N'],
        points: 2,
        partialCredit: false,
        explanation: 'After Isaac Newton.',
      },
    ],
    ...overrides,
  })
}

const echo = (_url: string, init?: RequestInit) => {
  const input = bodyOf(init) as SaveExamInput
  return jsonResponse(
    authorExam({
      ...input,
      questions: input.questions.map((q, i) => ({
        ...q,
        id: q.id ?? `3c1d6a40-0000-4000-8000-00000000010${i}`,
        position: i,
        options: q.options ?? [],
        correctOptionIds: q.correctOptionIds ?? [],
        acceptedAnswers: q.acceptedAnswers ?? [],
        partialCredit: q.partialCredit ?? false,
        explanation: q.explanation ?? '',
      })),
    }),
    201,
  )
}

function show(path: string, routes: Parameters<typeof stubFetch>[0] = {}) {
  fakeAuth.signedIn()
  const fetch = stubFetch({
    '/api/me': jsonResponse(meBody()),
    '/api/subjects': jsonResponse(SUBJECTS_WITH_COUNTS),
    ...routes,
  })
  return { fetch, ...renderAt(<PostExam />, path) }
}

const questionCards = () => screen.getAllByRole('listitem').filter((li) => li.matches('[aria-labelledby]'))
const card = (n: number) => {
  const heading = screen.getByRole('heading', { name: `Question ${n}` })
  return heading.closest('li') as HTMLElement
}

// The builder is a long form: typing into it takes a few seconds on a busy machine.
describe('Exam builder', { timeout: 15_000 }, () => {
  it('shows each field’s message from the schema and sends nothing', async () => {
    const { fetch, user } = show('/postexam')
    expect(document.title).toBe('Create an exam · Inkwell')
    await user.click(await screen.findByRole('button', { name: 'Save draft' }))

    expect(await screen.findByText('Add a title')).toBeInTheDocument()
    expect(screen.getByText('Choose a subject')).toBeInTheDocument()
    const first = card(1)
    expect(within(first).getByText('Add the question')).toBeInTheDocument()
    expect(within(first).getAllByText('Add the option text')).toHaveLength(2)
    expect(within(first).getByText('Mark the one correct option')).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    expect(callsTo(fetch, examPaths.exams)).toHaveLength(0)
  })

  it('asks for a correct option on a multiple-choice question', async () => {
    const { user } = show('/postexam')
    await user.click(await screen.findByRole('button', { name: 'Multiple choice' }))
    const second = card(2)
    expect(within(second).getByText('Tick every correct option.')).toBeInTheDocument()
    await user.type(within(second).getByLabelText('Question'), 'Which are vectors?')
    await user.type(within(second).getByLabelText('Option 1'), 'Velocity')
    await user.type(within(second).getByLabelText('Option 2'), 'Mass')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await within(second).findByText('Mark at least one correct option')).toBeInTheDocument()

    await user.click(within(second).getByRole('checkbox', { name: 'Option 1 is correct' }))
    expect(within(second).queryByText('Mark at least one correct option')).toBeNull()
  })

  it('creates the exam with its questions, and keeps the new id in the address', async () => {
    const { fetch, user, router } = show('/postexam', { [`POST ${examPaths.exams}`]: echo })
    await user.type(await screen.findByLabelText('Title'), 'Forces')
    await user.selectOptions(screen.getByLabelText('Subject'), 'physics')
    await user.selectOptions(screen.getByLabelText('Attempts per person'), 'Unlimited')
    const first = card(1)
    await user.type(within(first).getByLabelText('Question'), 'What keeps a body at rest?')
    await user.type(within(first).getByLabelText('Option 1'), 'Inertia')
    await user.type(within(first).getByLabelText('Option 2'), 'Friction')
    await user.click(within(first).getByRole('radio', { name: 'Option 1 is correct' }))
    await user.click(screen.getByRole('button', { name: 'Save draft' }))

    expect(await screen.findByText('Draft saved.')).toBeInTheDocument()
    const [[, init]] = callsTo(fetch, examPaths.exams)
    expect(bodyOf(init)).toMatchObject({
      title: 'Forces',
      subjectSlug: 'physics',
      attemptsAllowed: null,
      durationMinutes: 30,
      questions: [
        {
          kind: 'single',
          prompt: 'What keeps a body at rest?',
          options: [
            { id: 'a', text: 'Inertia' },
            { id: 'b', text: 'Friction' },
          ],
          correctOptionIds: ['a'],
          points: 1,
        },
      ],
    })
    expect(router.state.location.search).toBe(`?id=${EXAM_ID}`)
  })

  it('sends its numbers as numbers, and asks for an empty one instead of sending it', async () => {
    const { fetch, user } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
      [`PUT ${examPaths.exam(EXAM_ID)}`]: echo,
    })
    const duration = await screen.findByLabelText('Duration (minutes)')
    await user.clear(duration)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('Set a duration')).toBeInTheDocument()
    expect(callsTo(fetch, examPaths.exam(EXAM_ID)).filter(([, i]) => i?.method === 'PUT')).toHaveLength(0)

    await user.type(duration, '45')
    await user.clear(screen.getByLabelText('Pass mark (%)'))
    await user.type(screen.getByLabelText('Pass mark (%)'), '70')
    await user.clear(within(card(2)).getByLabelText('Points'))
    await user.type(within(card(2)).getByLabelText('Points'), '3')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await screen.findByText('Draft saved.')
    const saved = bodyOf(
      callsTo(fetch, examPaths.exam(EXAM_ID)).find(([, i]) => i?.method === 'PUT')?.[1],
    ) as SaveExamInput
    expect(saved).toMatchObject({ durationMinutes: 45, passMark: 70, attemptsAllowed: 3, drawCount: null })
    expect(saved.questions.map((q) => q.points)).toEqual([1, 3])
  })

  it('offers the review options, safe by default, and saves the author’s choice', async () => {
    const { fetch, user } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
      [`PUT ${examPaths.exam(EXAM_ID)}`]: echo,
    })
    const marks = await screen.findByLabelText('Marks for each question')
    const answers = screen.getByLabelText('Right answers')
    const explanations = screen.getByLabelText('Explanations')
    for (const select of [marks, answers, explanations]) expect(select).toHaveValue('after_last_attempt')
    expect(answers).toHaveAccessibleDescription('The correct options and the accepted short answers.')
    expect(
      within(answers)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['After each attempt', 'After the last attempt', 'Never'])

    await user.selectOptions(marks, 'after_each_attempt')
    await user.selectOptions(explanations, 'never')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await screen.findByText('Draft saved.')
    const saved = bodyOf(
      callsTo(fetch, examPaths.exam(EXAM_ID)).find(([, i]) => i?.method === 'PUT')?.[1],
    ) as SaveExamInput
    expect(saved.review).toEqual({
      correctness: 'after_each_attempt',
      answers: 'after_last_attempt',
      explanations: 'never',
    })
  })

  it('refuses right answers shown before the marks they give away', async () => {
    const { fetch, user } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
    })
    await user.selectOptions(await screen.findByLabelText('Right answers'), 'after_each_attempt')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    const message = await screen.findByText(
      'Show marks at least as soon as the right answers: the answers give the marks away',
    )
    expect(screen.getByLabelText('Marks for each question')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Marks for each question')).toHaveAccessibleDescription(message.textContent!)
    expect(callsTo(fetch, examPaths.exam(EXAM_ID)).filter(([, i]) => i?.method === 'PUT')).toHaveLength(0)
  })

  it('says "after the last attempt" never comes when attempts are unlimited', async () => {
    const { user } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
    })
    const note = 'With unlimited attempts there is no last attempt: what waits for it is never shown.'
    await screen.findByLabelText('Right answers')
    expect(screen.queryByText(note)).toBeNull()
    await user.selectOptions(screen.getByLabelText('Attempts per person'), 'Unlimited')
    expect(screen.getByText(note)).toBeInTheDocument()
    for (const label of ['Marks for each question', 'Right answers', 'Explanations']) {
      await user.selectOptions(screen.getByLabelText(label), 'never')
    }
    expect(screen.queryByText(note)).toBeNull()
  })

  it('moves, duplicates and deletes questions, and saves them in the new order', async () => {
    const { fetch, user } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
      [`PUT ${examPaths.exam(EXAM_ID)}`]: echo,
    })
    await screen.findByDisplayValue('What keeps a body at rest?')
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }))
    expect(within(card(1)).getByLabelText('Question')).toHaveValue('Name the unit of force.')
    expect(screen.getByText('Question moved to position 1.')).toBeInTheDocument()
    // It reached the top: focus stays on the moved question, on the button that still moves it.
    expect(screen.getByRole('button', { name: 'Move question 1 down' })).toHaveFocus()

    await user.click(screen.getByRole('button', { name: 'Duplicate question 2' }))
    expect(questionCards()).toHaveLength(3)
    expect(within(card(3)).getByLabelText('Question')).toHaveValue('What keeps a body at rest?')

    await user.click(screen.getByRole('button', { name: 'Delete question 1' }))
    expect(questionCards()).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await screen.findByText('Draft saved.')
    const saved = bodyOf(
      callsTo(fetch, examPaths.exam(EXAM_ID)).find(([, i]) => i?.method === 'PUT')?.[1],
    ) as SaveExamInput
    expect(saved.questions.map((q) => [q.id, q.prompt])).toEqual([
      ['3c1d6a40-0000-4000-8000-000000000001', 'What keeps a body at rest?'],
      [undefined, 'What keeps a body at rest?'],
    ])
  })

  it('keeps true/false options fixed and lists accepted answers for short answers', async () => {
    const { user } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
    })
    await screen.findByDisplayValue('What keeps a body at rest?')
    const first = card(1)
    await user.selectOptions(within(first).getByLabelText('Type'), 'true_false')
    expect(within(first).getByText('True')).toBeInTheDocument()
    expect(within(first).getByText('False')).toBeInTheDocument()
    expect(within(first).queryByLabelText('Option 1')).toBeNull()
    expect(within(first).getAllByRole('radio')).toHaveLength(2)

    const short = card(2)
    expect(within(short).getByLabelText('Accepted answer 1')).toHaveValue('newton')
    expect(within(short).getByLabelText('Accepted answer 2')).toHaveValue('N')
    await user.click(within(short).getByRole('button', { name: 'Add another accepted answer' }))
    expect(within(short).getByLabelText('Accepted answer 3')).toHaveValue('')
  })

  it('says saving publishes a new version once people have taken the exam', async () => {
    show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(
        authorExam({ status: 'published', hasAttempts: true, version: 2 }),
      ),
    })
    expect(await screen.findByText('People have already taken this exam.')).toBeInTheDocument()
    await screen.findByRole('option', { name: 'Physics' })
    expect(screen.getByLabelText('Subject')).toHaveValue('physics')
    expect(screen.getByText(/Saving publishes a new version \(version 3\)/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull()
  })

  it('previews the exam as a taker, without answers', async () => {
    const { user } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
    })
    await user.click(await screen.findByRole('button', { name: 'Preview' }))
    expect(screen.getByRole('heading', { name: 'Forces and motion' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Inertia' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'Inertia' })).not.toBeChecked()
    expect(screen.queryByText('After Isaac Newton.')).toBeNull()
    expect(screen.queryByDisplayValue('newton')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Back to editing' }))
    expect(screen.getByDisplayValue('What keeps a body at rest?')).toBeInTheDocument()
  })

  it('saves, then submits for review after a confirmation', async () => {
    const { fetch, user, router } = show(`/postexam?id=${EXAM_ID}`, {
      [examPaths.edit(EXAM_ID)]: jsonResponse(authorExam()),
      [`PUT ${examPaths.exam(EXAM_ID)}`]: echo,
      [`POST ${examPaths.submit(EXAM_ID)}`]: jsonResponse(authorExam({ status: 'pending' })),
    })
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }))
    const dialog = screen.getByRole('dialog', { name: 'Submit for review?' })
    await user.click(within(dialog).getByRole('button', { name: 'Submit for review' }))
    expect(await screen.findByText('Your exam is in the review queue.')).toBeInTheDocument()
    expect(callsTo(fetch, examPaths.submit(EXAM_ID))).toHaveLength(1)
    expect(router.state.location.pathname + router.state.location.search).toBe('/exams?tab=mine')
  })
})
