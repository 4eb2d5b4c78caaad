import { eq, inArray } from 'drizzle-orm'
import { DEFAULT_REVIEW_OPTIONS } from '#common/schemas/exam-review.ts'
import { type AnswerValue, SaveExamInput } from '#common/schemas/exams.ts'
import type { AppContext } from '#server/context.ts'
import { exam, examAnswer, examAttempt, user } from '#server/db/schema/index.ts'
import { buildSnapshot, createExam, finalizeAttempt, questionsOf } from '#server/modules/exams/index.ts'

// The demo's Exams Room: three published exams in different subjects, taken by the demo readers
// days ago, so the room, the results and the leaderboards have something real to show. Attempts
// go through the same finalisation as a live submission (scores, counters, best rows, the
// author's notifications).

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

const TRUE_FALSE = [
  { id: 'true', text: 'True' },
  { id: 'false', text: 'False' },
]

type DemoExam = SaveExamInput & { daysAgo: number }

const DEMO_EXAMS: Array<Omit<DemoExam, 'questions'> & { questions: unknown[] }> = [
  {
    daysAgo: 21,
    title: 'Mechanics Check-up: Forces and Motion',
    description:
      'Newton’s laws, free fall and momentum: a short check that you can use them, not just recite them.',
    subjectSlug: 'physics',
    instructions:
      'Take g = 9.8 m/s² and ignore air resistance unless a question says otherwise. You may use a calculator. Answers are saved as you go.',
    durationMinutes: 15,
    passMark: 60,
    attemptsAllowed: 3,
    shuffleQuestions: true,
    shuffleOptions: true,
    drawCount: null,
    review: DEFAULT_REVIEW_OPTIONS,
    questions: [
      {
        kind: 'single',
        prompt: 'A hammer and a feather are dropped together on the Moon. What happens?',
        options: [
          { id: 'a', text: 'The hammer lands first' },
          { id: 'b', text: 'The feather lands first' },
          { id: 'c', text: 'They land together' },
        ],
        correctOptionIds: ['c'],
        points: 2,
        explanation:
          'With no air there is no drag. Every object falls with the same acceleration, because a = F/m = mg/m = g: the mass cancels.',
      },
      {
        kind: 'true_false',
        prompt: 'An object moving at constant velocity has no resultant force on it.',
        options: TRUE_FALSE,
        correctOptionIds: ['true'],
        points: 1,
        explanation:
          'Newton’s first law: with no resultant force the velocity does not change. Forces can act, but they balance.',
      },
      {
        kind: 'multiple',
        prompt: 'Which of these are vector quantities?',
        options: [
          { id: 'a', text: 'Velocity' },
          { id: 'b', text: 'Mass' },
          { id: 'c', text: 'Momentum' },
          { id: 'd', text: 'Kinetic energy' },
          { id: 'e', text: 'Weight' },
        ],
        correctOptionIds: ['a', 'c', 'e'],
        points: 3,
        partialCredit: true,
        explanation:
          'Velocity, momentum and weight (a force) have a direction. Mass and energy are scalars: they have a size only.',
      },
      {
        kind: 'short',
        prompt: 'What is the SI unit of force? (one word)',
        acceptedAnswers: ['newton', 'newtons'],
        points: 1,
        explanation: 'The newton: the force that gives 1 kg an acceleration of 1 m/s² (1 N = 1 kg·m/s²).',
      },
      {
        kind: 'single',
        prompt: 'A 2 kg trolley is pushed with a resultant force of 6 N. What is its acceleration?',
        options: [
          { id: 'a', text: '0.33 m/s²' },
          { id: 'b', text: '3 m/s²' },
          { id: 'c', text: '12 m/s²' },
          { id: 'd', text: '8 m/s²' },
        ],
        correctOptionIds: ['b'],
        points: 2,
        explanation: 'a = F / m = 6 N / 2 kg = 3 m/s².',
      },
      {
        kind: 'true_false',
        prompt: 'When you push on a wall, the wall pushes back on you with a smaller force.',
        options: TRUE_FALSE,
        correctOptionIds: ['false'],
        points: 1,
        explanation:
          'Newton’s third law: the two forces are equal in size and opposite in direction, acting on different bodies.',
      },
    ],
  },
  {
    daysAgo: 13,
    title: 'Algebra and Functions Warm-up',
    description: 'Quadratics, indices and straight lines: the algebra every later topic leans on.',
    subjectSlug: 'mathematics',
    instructions:
      'No calculator needed. For short answers type a number only, like 7 or -3. Five questions are drawn from a bank of seven for each attempt.',
    durationMinutes: 20,
    passMark: 50,
    attemptsAllowed: null,
    shuffleQuestions: false,
    shuffleOptions: true,
    drawCount: 5,
    // A warm-up anyone may repeat: right or wrong at once, but never the answers themselves.
    review: { correctness: 'after_each_attempt', answers: 'never', explanations: 'never' },
    questions: [
      {
        kind: 'short',
        prompt: 'Solve 3x − 7 = 11. What is x?',
        acceptedAnswers: ['6', 'x=6'],
        points: 1,
        explanation: 'Add 7 to both sides: 3x = 18. Divide by 3: x = 6.',
      },
      {
        kind: 'multiple',
        prompt: 'Which values of x solve x² − 5x + 6 = 0?',
        options: [
          { id: 'a', text: 'x = 2' },
          { id: 'b', text: 'x = −2' },
          { id: 'c', text: 'x = 3' },
          { id: 'd', text: 'x = −3' },
        ],
        correctOptionIds: ['a', 'c'],
        points: 2,
        explanation:
          'It factorises as (x − 2)(x − 3) = 0, so x = 2 or x = 3. Check: 2 + 3 = 5 and 2 × 3 = 6.',
      },
      {
        kind: 'single',
        prompt: 'What is the gradient of the line y = −4x + 9?',
        options: [
          { id: 'a', text: '9' },
          { id: 'b', text: '4' },
          { id: 'c', text: '−4' },
          { id: 'd', text: '−9/4' },
        ],
        correctOptionIds: ['c'],
        points: 1,
        explanation:
          'In y = mx + c the gradient is m, the coefficient of x: here −4. The 9 is the y-intercept.',
      },
      {
        kind: 'true_false',
        prompt: '(a + b)² = a² + b² for all numbers a and b.',
        options: TRUE_FALSE,
        correctOptionIds: ['false'],
        points: 1,
        explanation:
          '(a + b)² = a² + 2ab + b². The two agree only when ab = 0. Try a = b = 1: 4 on the left, 2 on the right.',
      },
      {
        kind: 'short',
        prompt: 'Evaluate 2⁵ ÷ 2³.',
        acceptedAnswers: ['4', '2^2'],
        points: 1,
        explanation: 'Dividing powers of the same base subtracts the indices: 2⁵⁻³ = 2² = 4.',
      },
      {
        kind: 'single',
        prompt: 'Which is the discriminant of ax² + bx + c?',
        options: [
          { id: 'a', text: 'b² − 4ac' },
          { id: 'b', text: 'b² + 4ac' },
          { id: 'c', text: '4ac − b²' },
          { id: 'd', text: '−b / 2a' },
        ],
        correctOptionIds: ['a'],
        points: 2,
        explanation:
          'b² − 4ac: positive means two real roots, zero one repeated root, negative no real roots. −b/2a is the axis of symmetry.',
      },
      {
        kind: 'multiple',
        prompt: 'Which of these are equal to 1/8?',
        options: [
          { id: 'a', text: '2⁻³' },
          { id: 'b', text: '0.125' },
          { id: 'c', text: '8⁻¹' },
          { id: 'd', text: '−8' },
        ],
        correctOptionIds: ['a', 'b', 'c'],
        points: 3,
        explanation:
          'A negative index means a reciprocal: 2⁻³ = 1/2³ = 1/8, and 8⁻¹ = 1/8 = 0.125. −8 is just negative.',
      },
    ],
  },
  {
    daysAgo: 6,
    title: 'Big-O and Data Structures in 10 Minutes',
    description: 'Arrays, hash maps, trees and the cost of the operations you use every day.',
    subjectSlug: 'computer-science',
    instructions:
      'n is the number of elements. Assume average-case costs unless a question says worst case. Two attempts are allowed; your best one counts on the leaderboard.',
    durationMinutes: 10,
    passMark: 70,
    attemptsAllowed: 2,
    shuffleQuestions: true,
    shuffleOptions: false,
    drawCount: null,
    review: DEFAULT_REVIEW_OPTIONS,
    questions: [
      {
        kind: 'single',
        prompt: 'What is the average cost of looking up a key in a hash map?',
        options: [
          { id: 'a', text: 'O(1)' },
          { id: 'b', text: 'O(log n)' },
          { id: 'c', text: 'O(n)' },
        ],
        correctOptionIds: ['a'],
        points: 1,
        explanation:
          'A good hash spreads keys across buckets, so a lookup touches a constant number of them on average. Collisions make the worst case O(n).',
      },
      {
        kind: 'single',
        prompt:
          'Binary search on a sorted array of a million elements needs at most about how many comparisons?',
        options: [
          { id: 'a', text: '20' },
          { id: 'b', text: '1,000' },
          { id: 'c', text: '500,000' },
          { id: 'd', text: '1,000,000' },
        ],
        correctOptionIds: ['a'],
        points: 2,
        explanation: 'Each comparison halves what is left: log₂(1,000,000) ≈ 20.',
      },
      {
        kind: 'multiple',
        prompt: 'Which operations take O(1) time on a dynamic array (amortised where it applies)?',
        options: [
          { id: 'a', text: 'Read the element at index i' },
          { id: 'b', text: 'Append at the end' },
          { id: 'c', text: 'Insert at the front' },
          { id: 'd', text: 'Search for a value' },
        ],
        correctOptionIds: ['a', 'b'],
        points: 2,
        partialCredit: true,
        explanation:
          'Indexing is arithmetic on an address, and appending is O(1) amortised (the occasional resize is spread over many appends). Inserting at the front shifts every element, and an unsorted search looks at each one: both O(n).',
      },
      {
        kind: 'true_false',
        prompt: 'A balanced binary search tree finds a key in O(log n) time in the worst case.',
        options: TRUE_FALSE,
        correctOptionIds: ['true'],
        points: 1,
        explanation:
          'Balance keeps the height at O(log n), and a search walks one path from the root. An unbalanced tree can degrade to a list: O(n).',
      },
      {
        kind: 'short',
        prompt: 'Which data structure works last in, first out? (one word)',
        acceptedAnswers: ['stack', 'a stack'],
        points: 1,
        explanation: 'A stack: push and pop both happen at the top. A queue is first in, first out.',
      },
      {
        kind: 'single',
        prompt: 'What is the time complexity of merge sort in the worst case?',
        options: [
          { id: 'a', text: 'O(n)' },
          { id: 'b', text: 'O(n log n)' },
          { id: 'c', text: 'O(n²)' },
        ],
        correctOptionIds: ['b'],
        points: 2,
        explanation:
          'It halves the input log n times and merges n elements at each level: O(n log n) always. Quicksort is the one that can hit O(n²).',
      },
    ],
  },
]

/** The demo exams as the builder would send them (also checked by the builder's own schema). */
export const demoExamInputs = (): DemoExam[] =>
  DEMO_EXAMS.map(({ daysAgo, ...fields }) => ({ ...SaveExamInput.parse(fields), daysAgo }))

/** A deterministic spread of skill: who gets which question right (roughly 45–95% of them). */
const knows = (reader: number, question: number, round: number) =>
  (reader * 7 + question * 3 + round * 5) % 10 < 9 - ((reader * 2) % 5)

/** A taker's answer to `q`: the right one, or a plausible wrong one. */
export function answerFor(
  q: { kind: string; options: { id: string }[]; correctOptionIds: string[]; acceptedAnswers: string[] },
  right: boolean,
): AnswerValue {
  if (q.kind === 'short') return { text: right ? q.acceptedAnswers[0] : 'not sure' }
  if (right) return { optionIds: q.correctOptionIds }
  const wrong = q.options.find((o) => !q.correctOptionIds.includes(o.id))
  return { optionIds: wrong ? [wrong.id] : [] }
}

/**
 * Creates the demo exams (published days ago, by the writers in turn) and submitted attempts by
 * the readers (a second attempt for some, so results show improvement). Returns the exams' ids.
 */
export async function seedExams(
  ctx: AppContext,
  people: { adminId: string; writerIds: string[]; readerIds: string[] },
  now = Date.now(),
): Promise<string[]> {
  const authors = people.writerIds.length > 0 ? people.writerIds : [people.adminId]
  const accounts = await ctx.db
    .select({ id: user.id, name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(inArray(user.id, authors))
  const ids: string[] = []
  for (const [i, { daysAgo, ...input }] of demoExamInputs().entries()) {
    const account = accounts.find((a) => a.id === authors[i % authors.length])
    if (!account) throw new Error(`seedExams: unknown writer ${authors[i % authors.length]}`)
    const created = await createExam(
      ctx,
      { ...account, role: account.role === 'admin' ? 'admin' : 'user' },
      input,
    )
    const publishedAt = new Date(now - daysAgo * DAY)
    const [row] = await ctx.db
      .update(exam)
      .set({
        status: 'published',
        publishedAt,
        createdAt: new Date(publishedAt.getTime() - DAY),
        updatedAt: publishedAt,
      })
      .where(eq(exam.id, created.id))
      .returning()
    const questions = await questionsOf(ctx.db, row.id)
    const takers = people.readerIds.filter((id) => id !== row.authorId)
    for (const [r, userId] of takers.entries()) {
      // Some readers come back for a second try, which they do a little better.
      const rounds = (r + i) % 3 === 0 && row.attemptsAllowed !== 1 ? 2 : 1
      for (let round = 0; round < rounds; round++) {
        const startedAt = new Date(publishedAt.getTime() + ((r + 1) * 9 + round * 30) * 60 * MINUTE)
        if (startedAt.getTime() > now) continue
        const snapshot = buildSnapshot(row, questions)
        const [attempt] = await ctx.db
          .insert(examAttempt)
          .values({
            examId: row.id,
            userId,
            number: round + 1,
            examVersion: row.version,
            questions: snapshot,
            startedAt,
            deadline: new Date(startedAt.getTime() + row.durationMinutes * MINUTE),
            maxScore: snapshot.reduce((sum, q) => sum + q.points, 0),
            tabSwitches: (r + round) % 4 === 0 ? 1 : 0,
          })
          .returning()
        const answered = snapshot.filter((_, qi) => (r + qi + round) % 9 !== 8)
        if (answered.length > 0) {
          await ctx.db.insert(examAnswer).values(
            answered.map((q, qi) => ({
              attemptId: attempt.id,
              questionId: q.id,
              value: answerFor(q, knows(r, qi, round) || (round > 0 && qi % 2 === 0)),
              updatedAt: new Date(startedAt.getTime() + (qi + 1) * 40_000),
            })),
          )
        }
        const minutes = Math.max(
          2,
          Math.round(row.durationMinutes * (0.45 + ((r * 13 + round * 7) % 40) / 100)),
        )
        await finalizeAttempt(ctx, attempt.id, new Date(startedAt.getTime() + minutes * MINUTE))
      }
    }
    ids.push(row.id)
  }
  return ids
}
