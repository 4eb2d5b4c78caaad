import type { ReviewDisclosure, ReviewPart } from '#common/schemas/exam-review.ts'

/** The parts of a review as a taker reads them (plural nouns, so one sentence fits any list). */
export const REVIEW_PART_NOUNS: Record<ReviewPart, string> = {
  correctness: 'marks for each question',
  answers: 'the right answers',
  explanations: 'the explanations',
}

const PARTS: ReviewPart[] = ['correctness', 'answers', 'explanations']

const listOf = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * What the results do not show yet, and when they will: one sentence per reason, from the
 * server's disclosure (the server decides; this only words it).
 */
export function disclosureNotes({ options, shown, attemptsLeft }: ReviewDisclosure): string[] {
  const hidden = PARTS.filter((part) => !shown[part])
  const later = hidden.filter((part) => options[part] === 'after_last_attempt')
  const never = hidden.filter((part) => options[part] !== 'after_last_attempt')
  const notes: string[] = []
  if (later.length > 0) {
    const list = listOf(later.map((part) => REVIEW_PART_NOUNS[part]))
    notes.push(
      attemptsLeft === null
        ? `This exam allows unlimited attempts, so ${list} are not shown.`
        : `${capitalised(list)} are shown after your last attempt. You have ${attemptsLeft === 1 ? '1 attempt' : `${attemptsLeft} attempts`} left.`,
    )
  }
  if (never.length > 0) {
    notes.push(`The author does not show ${listOf(never.map((part) => REVIEW_PART_NOUNS[part]))}.`)
  }
  return notes
}
