import { expect } from 'vitest'
import type { AttemptState, AuthorExam } from '#common/schemas/exams.ts'
import type { TestApp } from '#server/test/app.ts'
import type { TestUser } from '#server/test/factories.ts'

// Shared by the exams module's tests: a valid exam, the steps to publish it, and the key search
// behind the never-leak rule.

export const tfOptions = [
  { id: 'true', text: 'True' },
  { id: 'false', text: 'False' },
]

/** A three-question exam worth 6 points: single (2), multiple with partial credit (3), short (1). */
export const validExam = (fields: Record<string, unknown> = {}) => ({
  title: 'Forces and motion',
  description: 'Newton’s laws in ten minutes.',
  subjectSlug: 'physics',
  instructions: 'Answer every question. Calculators allowed.',
  durationMinutes: 10,
  passMark: 50,
  attemptsAllowed: 2,
  shuffleQuestions: false,
  shuffleOptions: false,
  drawCount: null,
  questions: [
    {
      kind: 'single',
      prompt: 'What is the SI unit of force?',
      options: [
        { id: 'a', text: 'Joule' },
        { id: 'b', text: 'Newton' },
        { id: 'c', text: 'Watt' },
      ],
      correctOptionIds: ['b'],
      points: 2,
      explanation: 'One newton accelerates one kilogram at one metre per second squared.',
    },
    {
      kind: 'multiple',
      prompt: 'Which are vectors?',
      options: [
        { id: 'a', text: 'Velocity' },
        { id: 'b', text: 'Mass' },
        { id: 'c', text: 'Force' },
      ],
      correctOptionIds: ['a', 'c'],
      points: 3,
      partialCredit: true,
      explanation: 'Velocity and force have a direction; mass does not.',
    },
    {
      kind: 'short',
      prompt: 'Who wrote the Principia?',
      acceptedAnswers: ['Isaac Newton', 'Newton'],
      points: 1,
      explanation: 'Published in 1687.',
    },
  ],
  ...fields,
})

export type ExamFixtures = ReturnType<typeof examFixtures>

export function examFixtures(t: TestApp) {
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, body?: unknown) =>
    t.request({ method, url, cookie, body })

  async function createExam(user: TestUser, fields: Record<string, unknown> = {}): Promise<AuthorExam> {
    const res = await req('POST', '/api/exams', user.cookie, validExam(fields))
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  /** Created, submitted and approved (or published at once when the author is an admin). */
  async function publishedExam(author: TestUser, admin: TestUser, fields: Record<string, unknown> = {}) {
    const created = await createExam(author, fields)
    const submitted = await req('POST', `/api/exams/${created.id}/submit`, author.cookie)
    expect(submitted.statusCode, submitted.body).toBe(200)
    if (submitted.json().status === 'pending') {
      const approved = await req('POST', `/api/admin/exams/${created.id}/approve`, admin.cookie)
      expect(approved.statusCode, approved.body).toBe(200)
    }
    return created
  }

  async function start(user: TestUser, examId: string): Promise<AttemptState> {
    const res = await req('POST', `/api/exams/${examId}/attempts`, user.cookie)
    expect([200, 201], res.body).toContain(res.statusCode)
    return res.json()
  }

  const answer = (user: TestUser, attemptId: string, questionId: string, value: unknown, flagged = false) =>
    req('PUT', `/api/attempts/${attemptId}/answers/${questionId}`, user.cookie, { value, flagged })

  /** Answers by prompt, whatever order the attempt got. */
  async function answerAll(user: TestUser, state: AttemptState, byPrompt: Record<string, unknown>) {
    for (const q of state.questions) {
      if (!(q.prompt in byPrompt)) continue
      const res = await answer(user, state.id, q.id, byPrompt[q.prompt])
      expect(res.statusCode, res.body).toBe(200)
    }
  }

  const submit = (user: TestUser, attemptId: string) =>
    req('POST', `/api/attempts/${attemptId}/submit`, user.cookie)

  return { req, createExam, publishedExam, start, answer, answerAll, submit }
}

/** The perfect answers to validExam(), by prompt. */
export const PERFECT = {
  'What is the SI unit of force?': { optionIds: ['b'] },
  'Which are vectors?': { optionIds: ['a', 'c'] },
  'Who wrote the Principia?': { text: 'isaac newton' },
}

/** Every path in a JSON value at which one of `keys` appears (the never-leak rule's search). */
export function findKeys(value: unknown, keys: string[], path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => findKeys(v, keys, `${path}[${i}]`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [
      ...(keys.includes(k) ? [`${path}.${k}`] : []),
      ...findKeys(v, keys, `${path}.${k}`),
    ])
  }
  return []
}

export const ANSWER_KEYS = ['correctOptionIds', 'acceptedAnswers', 'explanation']
